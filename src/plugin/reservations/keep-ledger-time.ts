import type { PayloadRequest } from 'payload'

/**
 * Payload stamps its own clock on an updated document; the ledger's decision time is the
 * truth, as a rebuild has it. Set it back within the request, in the stored document and in
 * what the request answers, so that no later write (the admin would read it as another user's
 * edit) and no rebuild differs from what the caller was given.
 */
export const keepLedgerTime = async (
  req: PayloadRequest,
  collection: string,
  reservationId: string,
  updatedAt: string,
  result: unknown,
): Promise<void> => {
  const answered = (result as { docs?: unknown[] } | null)?.docs ?? [result]
  const docs = answered.filter(
    (doc): doc is { id: unknown; updatedAt?: unknown } => !!doc && typeof doc === 'object' && String((doc as { id?: unknown }).id) === reservationId,
  )
  if (docs.length === 0 || docs.every((doc) => doc.updatedAt === updatedAt)) {
    return
  }
  await req.payload.db.updateOne({
    collection,
    data: { updatedAt },
    id: reservationId,
    req,
    returning: false,
  })
  docs.forEach((doc) => (doc.updatedAt = updatedAt))
}
