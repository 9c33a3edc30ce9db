/**
 * A reservation document safe to send: the cancellation-token digest removed, since no response
 * carries the guest token or its digest (see docs/ARCHITECTURE.md,
 * "Rules and access (`src/plugin/reservations/rules`, `src/plugin/access`)").
 */
export const withoutToken = <T extends object>(doc: T): Omit<T, 'cancellationToken'> => {
  const { cancellationToken: _digest, ...rest } = doc as T & { cancellationToken?: unknown }
  return rest
}
