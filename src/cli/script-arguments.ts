/** Said by every script's help: the schema is the migrations' business. */
export const SCHEMA_NOTE =
  'Runs on the database as it is and never changes its schema (no push): on a database managed by\n' +
  'migrations, run `npx payload migrate` first.'

/**
 * The arguments after the script's key, or null where the key is missing. Payload's bin passes
 * scripts nothing but the config, and matches the key case-insensitively.
 */
export const argumentsAfter = (argv: readonly string[], key: string): null | string[] => {
  const at = argv.findIndex((arg) => arg.toLowerCase() === key)
  return at === -1 ? null : argv.slice(at + 1)
}

/** Whether the script is asked for its help (`--help` or `-h` anywhere after its key). */
export const wantsHelp = (argv: readonly string[], key: string): boolean =>
  (argumentsAfter(argv, key) ?? []).some((arg) => arg === '--help' || arg === '-h')
