import type { Page as Docs } from '../../../src/contract/http.js'
import type { Rest } from './rest.js'

import { INBOX_SLUG } from '../../../dev/mail-catcher/inbox-collection.js'

/** The link to the manage page in a text, as the dev app's `notifications.email.cancelUrl` makes it. */
const MANAGE_LINK = /https?:\/\/\S+\/book\/manage\?reservation=[^\s&]+&token=[^\s&]+/

/**
 * The link of the guest's booking e-mail to `address`, from the dev app's mail catcher
 * (`dev/mail-catcher/`) as the admin reads it: as for a real guest, the one way to their token.
 */
export const manageLinkFor = async (api: Rest, address: string): Promise<URL> => {
  const { docs } = await api.get<Docs<{ text?: null | string }>>(`/${INBOX_SLUG}`, { depth: 0, limit: 10, sort: '-sentAt', where: { to: { equals: address } } })
  const link = docs.map(({ text }) => MANAGE_LINK.exec(text ?? '')?.[0]).find(Boolean)
  if (!link) {
    throw new Error(`no e-mail to ${address} with a manage link in the dev app's inbox`)
  }
  return new URL(link)
}
