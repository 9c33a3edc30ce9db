// `node scripts/feature-footprint.mjs`: where each feature of the plugin sits and what reaches
// into it: its files and folders, and the files outside it that import it, by part (the shell,
// another feature, the CLI, the admin). A feature isolated as docs/ARCHITECTURE.md, "The map",
// intends is imported from outside only by the shell and through its index.ts.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const SRC = path.resolve(import.meta.dirname, '../src')
const FEATURES = path.join(SRC, 'plugin', 'features')

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  )

const files = walk(SRC)
const known = new Set(files)
const importsOf = (file) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].flatMap(([, spec]) => {
    const base = path.resolve(path.dirname(file), spec).replace(/\.jsx?$/, '')
    const found = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => known.has(candidate))
    return found ? [found] : []
  })

const featureOf = (file) => (file.startsWith(FEATURES + path.sep) ? path.relative(FEATURES, file).split(path.sep)[0] : null)
const partOf = (file) => {
  const relative = path.relative(SRC, file).split(path.sep)
  if (featureOf(file)) return `feature ${featureOf(file)}`
  if (relative[0] === 'plugin') return relative[1] === 'shared' ? 'shared' : 'shell'
  return relative[0]
}

const rows = readdirSync(FEATURES).map((feature) => {
  const own = files.filter((file) => featureOf(file) === feature)
  const folders = new Set(own.map((file) => path.dirname(file)))
  const reach = new Map()
  for (const file of files.filter((candidate) => featureOf(candidate) !== feature)) {
    const into = importsOf(file).filter((target) => featureOf(target) === feature)
    if (into.length > 0) {
      const part = partOf(file)
      reach.set(part, (reach.get(part) ?? 0) + 1)
      if (!into.every((target) => path.basename(target) === 'index.ts')) reach.set('past its index', (reach.get('past its index') ?? 0) + 1)
    }
  }
  const lines = own.reduce((sum, file) => sum + readFileSync(file, 'utf8').split('\n').length, 0)
  return { feature, files: own.length, folders: folders.size, lines, importedBy: [...reach].map(([part, count]) => `${part} ${count}`).join(', ') }
})
console.table(rows)
