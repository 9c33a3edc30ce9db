/** A ledger file that cannot be read as one: names the line, so the user can look at it. */
export class LedgerFileError extends Error {
  constructor(
    readonly line: number,
    readonly problem: string,
  ) {
    super(`line ${line}: ${problem}`)
    this.name = 'LedgerFileError'
  }
}

/** An import the target store refuses or cannot complete. */
export class LedgerImportError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'LedgerImportError'
  }
}
