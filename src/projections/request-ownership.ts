/** What background work may ask: whether a request in this process is writing a reservation's document itself. */
export interface Ownership {
  isOwned(reservationId: string): boolean
}

/**
 * "A request in this process is writing this reservation": claimed by the write path before
 * it appends, released when its operation ends (or its write is voided). While a reservation
 * is owned, the background projection and catch-up leave its document to the request. A guest's
 * plaintext cancellation token waits here, out of reach, until afterBookingCreate is handed it.
 */
export class RequestOwnership implements Ownership {
  private readonly owned = new Set<string>()
  private readonly tokens = new Map<string, string>()

  claim(reservationId: string): void {
    this.owned.add(reservationId)
  }

  isOwned(reservationId: string): boolean {
    return this.owned.has(reservationId)
  }

  keepToken(reservationId: string, token: string): void {
    this.tokens.set(reservationId, token)
  }

  release(reservationId: string): void {
    this.owned.delete(reservationId)
  }

  /** The token, once: whoever takes it hands it on or lets it go. */
  takeToken(reservationId: string): string | undefined {
    const token = this.tokens.get(reservationId)
    this.tokens.delete(reservationId)
    return token
  }
}
