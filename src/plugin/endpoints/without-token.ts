/** A reservation document safe to send: the cancellation-token digest removed (SPEC 2.4, 5.6). */
export const withoutToken = <T extends object>(doc: T): Omit<T, 'cancellationToken'> => {
  const { cancellationToken: _digest, ...rest } = doc as T & { cancellationToken?: unknown }
  return rest
}
