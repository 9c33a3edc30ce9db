/** The plugin's strings live under this key of Payload's translations: `reserveLedger:today`. */
export const TRANSLATION_NAMESPACE = 'reserveLedger'
