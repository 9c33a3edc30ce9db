/** How long until `read` gives `expected` (compared as JSON), or null after 3 s: how soon a change made elsewhere is seen here. */
export const seenWithin = async (read: () => Promise<unknown> | unknown, expected: unknown): Promise<null | number> => {
  const started = Date.now()
  while (Date.now() - started < 3_000) {
    if (JSON.stringify(await read()) === JSON.stringify(expected)) {
      return Date.now() - started
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return null
}
