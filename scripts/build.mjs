// `npm run build`: src/ compiled to dist/ as ESM with declarations and source maps, and the
// admin's stylesheets beside the components that import them (tsc leaves CSS alone).
import { execFileSync } from 'node:child_process'
import { cpSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dist = path.join(root, 'dist')

rmSync(dist, { force: true, recursive: true })
execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
})
const stylesheets = readdirSync(path.join(root, 'src'), { recursive: true }).filter((file) => file.endsWith('.css'))
for (const file of stylesheets) {
  cpSync(path.join(root, 'src', file), path.join(dist, file))
}
console.log(`dist/ built, with ${stylesheets.length} stylesheets`)
