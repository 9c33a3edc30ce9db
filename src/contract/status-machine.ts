/**
 * The statuses a reservation moves through: which exist, which a booking starts in, which moves
 * are allowed, which hold capacity (blocking) and which end its life (terminal). A domain rule
 * the deciders apply; the plugin's options only choose it.
 */
export interface StatusMachine {
  blockingStatuses: string[]
  /** The status cancelling moves to, and whose entry fires the cancel hooks. Default `cancelled`. */
  cancelStatus?: string
  /** The status whose entry fires the confirm hooks. Default `confirmed` where the machine has it. */
  confirmStatus?: string
  defaultStatus: string
  statuses: string[]
  terminalStatuses: string[]
  transitions: Record<string, string[]>
}
