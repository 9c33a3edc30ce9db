import type { AfterBookingCreateHook } from '../../src/projections/host-hooks.js'

/**
 * Plaintext guest tokens by reservation id, as afterBookingCreate hands them to the host: the
 * only place the plaintext exists. Register `remember` among the plugin's afterBookingCreate hooks.
 */
export const guestTokens = (): { remember: AfterBookingCreateHook; tokens: Map<string, string> } => {
  const tokens = new Map<string, string>()
  const remember: AfterBookingCreateHook = ({ doc }) => {
    if (typeof doc.cancellationToken === 'string') {
      tokens.set(String(doc.id), doc.cancellationToken)
    }
  }
  return { remember, tokens }
}
