import type { CollectionSlug, PayloadRequest } from 'payload'

/**
 * Runs a Local API operation on `collection` for an endpoint. When it fails, the collection's
 * afterError hooks run before the error goes on to Payload's error response, as they would on
 * the collection's own REST route (Payload runs them only there, never for the Local API): the
 * reservations collection relies on its afterError hook to re-project a document whose write
 * failed after the ledger had committed.
 */
export const collectionOperation = async <T>(
  req: PayloadRequest,
  collection: string,
  operation: () => Promise<T>,
): Promise<T> => {
  try {
    return await operation()
  } catch (error) {
    const config = req.payload.collections[collection as CollectionSlug]?.config
    for (const hook of config?.hooks.afterError ?? []) {
      await hook({ collection: config, context: req.context, error: error as Error, req })
    }
    throw error
  }
}
