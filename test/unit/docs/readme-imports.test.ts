import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')
const documents = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)]

/** Every `import … from 'payload-reserve-ledger…'` statement in the fenced code blocks of `markdown`. */
const packageImports = (markdown: string): string[] =>
  [...markdown.matchAll(/```(?:ts|tsx|js|jsx|typescript)\n([\s\S]*?)```/g)].flatMap(([, code]) =>
    [...code.matchAll(/^import\s[^;]*?from\s+'payload-reserve-ledger(?:\/[a-z]+)?'/gm)].map(([statement]) => statement),
  )

/**
 * Compiles `source` as a module at the repository's root with its tsconfig, where
 * `payload-reserve-ledger` and its subpaths resolve to the package's entry points; the
 * diagnostics of that module alone, as text.
 */
const compile = (source: string): string[] => {
  const { config } = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root)
  const file = path.join(root, '__readme-imports__.ts')
  const host = ts.createCompilerHost({ ...options, incremental: false, noEmit: true })
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (name, version, ...rest) =>
    name === file ? ts.createSourceFile(name, source, version) : getSourceFile(name, version, ...rest)
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (name) => name === file || fileExists(name)
  const program = ts.createProgram([file], { ...options, incremental: false, noEmit: true }, host)
  const sourceFile = program.getSourceFile(file)!
  return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)].map((diagnostic) =>
    ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  )
}

describe('the names the documentation imports', () => {
  it('are exported by the package: every import in the code blocks of the README and docs/ compiles', () => {
    const statements = documents.flatMap((document) => packageImports(readFileSync(path.join(root, document), 'utf8')))
    // The README's own examples: the plugin and the default status machine, at least.
    expect(statements.join('\n')).toMatch(/reserveLedgerPlugin[\s\S]*DEFAULT_STATUS_MACHINE|DEFAULT_STATUS_MACHINE[\s\S]*reserveLedgerPlugin/)
    // Each statement once, aliased so that two blocks importing one name do not clash.
    const source = statements
      .map((statement, index) => statement.replace(/\{([^}]*)\}/, (_, names: string) => `{ ${names.split(',').map((name) => name.trim()).filter(Boolean).map((name) => `${name} as _${index}_${name.replace(/^type\s+/, '')}`).join(', ')} }`))
      .join('\n')
    expect(compile(`${source}\nexport {}\n`)).toEqual([])
  }, 120_000)

  it('fail the check when a name is not exported', () => {
    expect(compile("import { NOT_EXPORTED } from 'payload-reserve-ledger'\nexport {}\n")).toEqual([
      expect.stringContaining('NOT_EXPORTED'),
    ])
  }, 120_000)
})
