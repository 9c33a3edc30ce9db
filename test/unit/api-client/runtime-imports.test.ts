import { readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(import.meta.dirname, '../../../src')

/** The modules a file loads when it runs: its imports and re-exports that are not type-only. */
const runtimeImports = (file: string): string[] => {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  return source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause
      const typeOnly =
        clause?.isTypeOnly ||
        (clause !== undefined && !clause.name && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.every((element) => element.isTypeOnly))
      return typeOnly ? [] : [(statement.moduleSpecifier as ts.StringLiteral).text]
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      const named = statement.exportClause
      const typeOnly = named !== undefined && ts.isNamedExports(named) && named.elements.every((element) => element.isTypeOnly)
      return typeOnly ? [] : [(statement.moduleSpecifier as ts.StringLiteral).text]
    }
    return []
  })
}

/** Every module `entry` loads at runtime, `src`-relative, packages by name. */
const loaded = (entry: string): string[] => {
  const seen = new Set<string>()
  const visit = (file: string): void => {
    for (const specifier of runtimeImports(file)) {
      if (!specifier.startsWith('.')) {
        seen.add(specifier)
        continue
      }
      const target = path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts'))
      const relative = path.relative(SRC, target)
      if (!seen.has(relative)) {
        seen.add(relative)
        visit(target)
      }
    }
  }
  visit(path.join(SRC, entry))
  return [...seen].sort()
}

describe('payload-reserve-ledger/api-client at runtime', () => {
  it('loads its own code, the plain endpoint table and the refusal parser: no zod, no Payload, no React', () => {
    expect(loaded('exports/api-client.ts')).toEqual([
      'api-client/create-reserve-client.ts',
      'api-client/or-throw.ts',
      'api-client/request-url.ts',
      'api-client/reserve-api-error.ts',
      'contract/endpoints.ts',
      'contract/refusal-message.ts',
    ].map((file) => path.join(...file.split('/'))))
  })
})
