// Adopting an established plugin's reservations into the ledger (`reserve:adopt`). What the shell and other features may use of it.
export type { AdoptReport } from './adopt-reservations.js'
export { adoptReservations } from './adopt-reservations.js'
