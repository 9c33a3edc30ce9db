import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')
const readme = readFileSync(path.join(root, 'README.md'), 'utf8')

interface Manifest {
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  engines?: { node?: string }
  name: string
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  version: string
}

const manifestAt = (directory: string): Manifest => JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8')) as Manifest

/** Where Node resolves `name` from a package in `directory`: its own node_modules, then its parents'. */
const resolve = (name: string, directory: string): null | string => {
  for (let at = directory; ; at = path.dirname(at)) {
    const candidate = path.join(at, 'node_modules', name)
    if (existsSync(path.join(candidate, 'package.json'))) {
      return candidate
    }
    if (at === root || path.dirname(at) === at) {
      return null
    }
  }
}

/**
 * The packages a site installs with the plugin and the given peers, as installed here: each
 * with the Node versions its `engines` admits (absent: any).
 */
const installedTree = (names: string[]): Map<string, null | string> => {
  const seen = new Map<string, null | string>()
  const visit = (name: string, from: string) => {
    const directory = resolve(name, from)
    if (directory === null) {
      return
    }
    const manifest = manifestAt(directory)
    const id = `${manifest.name}@${manifest.version}`
    if (seen.has(id)) {
      return
    }
    seen.set(id, manifest.engines?.node ?? null)
    for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      visit(dependency, directory)
    }
  }
  names.forEach((name) => visit(name, root))
  return seen
}

describe("the README's requirements", () => {
  const own = manifestAt(root)
  const [, oldest] = /Requirements: Node\.js (\d+\.\d+\.\d+) or later/.exec(readme) ?? []

  it('name the oldest Node the package declares', () => {
    expect(oldest).toBeDefined()
    expect(semver.minVersion(own.engines!.node!)?.version).toBe(oldest)
  })

  it('hold for everything a site installs with it (its dependencies, Payload, Next.js and the store clients the README names), and ask for no newer Node than one of them needs', () => {
    const peers = Object.keys(own.peerDependencies ?? {})
    const tree = installedTree([...Object.keys(own.dependencies ?? {}), ...peers])
    // The NATS client at the version the README tells sites on Node 20 to install.
    const [, nats] = /npm install @nats-io\/jetstream@(\S+) /.exec(readme) ?? []
    const jetstream = [...tree.keys()].find((id) => id.startsWith('@nats-io/jetstream@'))
    expect(jetstream && semver.satisfies(jetstream.split('@')[2], nats)).toBe(true)
    const refusing = [...tree].filter(([, range]) => range !== null && !semver.satisfies(oldest, range))
    expect(refusing).toEqual([])
    // Not older than needed either: some package admits no older Node (npm would warn EBADENGINE there).
    const older = `>=${semver.major(oldest)}.0.0 <${oldest}`
    expect([...tree].filter(([, range]) => range !== null && !semver.intersects(range, older))).not.toEqual([])
  })
})
