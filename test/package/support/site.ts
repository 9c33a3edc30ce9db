import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../../..')
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>
}

/** `name@version` at the version this repository develops on. */
export const devVersion = (name: string): string => `${name}@${manifest.devDependencies[name]}`

/**
 * A fresh ESM app at `dir`, outside the repository, with `packages` installed by npm and the
 * `scripts` of its package.json.
 */
export const createSite = (dir: string, packages: readonly string[], scripts: Record<string, string> = {}): void => {
  mkdirSync(dir, { recursive: true })
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: path.basename(dir), private: true, scripts, type: 'module' }))
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...packages], { cwd: dir, stdio: 'inherit' })
}
