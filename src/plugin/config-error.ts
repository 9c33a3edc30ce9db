/** Every configuration failure carries the plugin's name so hosts can tell whose option broke. */
export const configError = (message: string): Error => new Error(`payload-reserve-ledger: ${message}`)
