export { reserveLedgerPlugin } from './plugin/index.js'
export type { ReserveLedgerOptions } from './plugin/options.js'
