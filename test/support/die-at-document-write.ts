import type { Payload } from 'payload'

/**
 * Makes the instance hang at its first write of a reservation document, after the ledger's
 * append, as a host that freezes or kills a function mid-request does; `reached` resolves then.
 */
export const dieAtDocumentWrite = (payload: Payload): Promise<void> =>
  new Promise((reached) => {
    const db = payload.db as unknown as Record<'create' | 'updateOne', (args: { collection: string }) => Promise<unknown>>
    for (const method of ['create', 'updateOne'] as const) {
      const write = db[method].bind(payload.db)
      db[method] = (args) => (args.collection === 'reservations' ? (reached(), new Promise(() => undefined)) : write(args))
    }
  })
