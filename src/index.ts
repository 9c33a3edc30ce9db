export { reserveLedgerPlugin } from './plugin/index.js'
export { DEFAULT_STATUS_MACHINE, type StatusMachine } from './plugin/options.js'
export type { ReserveLedgerOptions } from './plugin/options.js'
