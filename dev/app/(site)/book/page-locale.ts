import { pickLocale } from 'payload-reserve-ledger/booking'
import { headers } from 'next/headers.js'

/** A booking page's language: `?lang=` (e.g. `?lang=de`), else the browser's (`Accept-Language`). */
export const pageLocale = async (searchParams: Promise<{ lang?: string | string[] }>): Promise<string> => {
  const { lang } = await searchParams
  return pickLocale(typeof lang === 'string' ? lang : null, pickLocale((await headers()).get('accept-language')))
}
