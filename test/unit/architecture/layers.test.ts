import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The layers of `src/`, lowest first (docs/ARCHITECTURE.md, "Layers"). A module may import its
 * own layer and the ones below it, never one above: a domain rule filed above the code that
 * needs it is what this catches. The bottom layer, `contract`, is what the server and the admin
 * agree on: the HTTP contract, the role checks (pure functions of a user and options) and which
 * services a resource offers. `admin` talks to the server over HTTP only, so besides its own
 * code it imports only that layer, the time helpers, the translations and the API client. The
 * API client, `api-client`, runs in any site's browser, server components or Node: it imports
 * only the contract. The booking kit, `booking`, is a site's React components over that client:
 * besides its own code it imports the client, the contract, the time helpers and the translations.
 */
const LAYERS = ['contract', 'translations', 'time', 'concurrency', 'events', 'capacity', 'commands', 'projections', 'availability', 'ledger-io', 'plugin', 'cli']
const ADMIN_MAY_IMPORT = ['admin', 'api-client', 'contract', 'translations', 'time']
const API_CLIENT_MAY_IMPORT = ['api-client', 'contract']
const BOOKING_MAY_IMPORT = ['booking', 'api-client', 'contract', 'time', 'translations']
const TOP = ['exports', 'index.ts']

const SRC = path.resolve(import.meta.dirname, '../../../src')

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(entry.name) ? [full] : []
  })

/** Every file in `src`, by its `src`-relative path: listed once, not once per import. */
const KNOWN = new Set(sourceFiles(SRC).map((file) => path.relative(SRC, file)))

/** `src`-relative path of every relative import (and re-export) of a file, `.js` written as `.ts(x)`. */
const importsOf = (file: string): string[] =>
  ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.map((ref) => ref.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => {
      const resolved = path.relative(SRC, path.resolve(path.dirname(file), name))
      const base = resolved.replace(/\.jsx?$/, '')
      const candidates = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]
      return candidates.find((candidate) => KNOWN.has(candidate)) ?? resolved
    })

const layerOf = (relative: string): string => relative.split(path.sep)[0]

/** Why `from` may not import `to`, or null when it may. */
export const upwardImport = (from: string, to: string): null | string => {
  const [source, target] = [layerOf(from), layerOf(to)]
  if (TOP.includes(source)) {
    return null
  }
  if (source === 'admin') {
    return ADMIN_MAY_IMPORT.some((allowed) => to === allowed || layerOf(to) === allowed)
      ? null
      : `admin talks to the server over HTTP only, yet imports ${to}`
  }
  if (source === 'api-client') {
    return API_CLIENT_MAY_IMPORT.includes(layerOf(to)) ? null : `the API client knows only the contract, yet imports ${to}`
  }
  if (source === 'booking') {
    return BOOKING_MAY_IMPORT.includes(layerOf(to)) ? null : `the booking kit talks to the server over HTTP only, yet imports ${to}`
  }
  if (target === 'admin' || target === 'api-client' || target === 'booking' || TOP.includes(target)) {
    return `${source} imports ${to}, which is above every layer`
  }
  const [s, t] = [LAYERS.indexOf(source), LAYERS.indexOf(target)]
  if (s < 0 || t < 0) {
    return `${s < 0 ? source : target} is in no layer: add it to LAYERS`
  }
  return t > s ? `${source} imports ${target}, a layer above it` : null
}

describe('layers', () => {
  it('every import in src/ points to its own layer or one below', () => {
    const files = sourceFiles(SRC)
    expect(files.length).toBeGreaterThan(50)
    const violations = files.flatMap((file) => {
      const from = path.relative(SRC, file)
      return importsOf(file).flatMap((to) => {
        const why = upwardImport(from, to)
        return why ? [`${from} → ${to}: ${why}`] : []
      })
    })
    expect(violations).toEqual([])
  })

  it('refuses an upward import', () => {
    expect(upwardImport('commands/ledger.ts', 'projections/busy-index.ts')).toMatch(/a layer above/)
    expect(upwardImport('plugin/index.ts', 'admin/registration.ts')).toMatch(/above every layer/)
    expect(upwardImport('admin/calendar/TimeGrid.tsx', 'availability/local-time.ts')).toMatch(/HTTP only/)
    expect(upwardImport('admin/calendar/TimeGrid.tsx', 'contract/http.ts')).toBeNull()
    expect(upwardImport('admin/calendar/TimeGrid.tsx', 'plugin/shared/http/json-body.ts')).toMatch(/HTTP only/)
    expect(upwardImport('contract/http.ts', 'commands/status-machine.ts')).toMatch(/a layer above/)
    expect(upwardImport('plugin/index.ts', 'commands/ledger.ts')).toBeNull()
    expect(upwardImport('admin/calendar/use-hold.ts', 'api-client/create-reserve-client.ts')).toBeNull()
    expect(upwardImport('api-client/create-reserve-client.ts', 'contract/endpoints.ts')).toBeNull()
    expect(upwardImport('api-client/create-reserve-client.ts', 'time/zoned.ts')).toMatch(/only the contract/)
    expect(upwardImport('plugin/index.ts', 'api-client/create-reserve-client.ts')).toMatch(/above every layer/)
    expect(upwardImport('booking/use-hold.ts', 'api-client/create-reserve-client.ts')).toBeNull()
    expect(upwardImport('booking/catalog.ts', 'contract/offers-service.ts')).toBeNull()
    expect(upwardImport('booking/SlotList.tsx', 'admin/fields/SlotList.tsx')).toMatch(/HTTP only/)
    expect(upwardImport('booking/find-free-slots.ts', 'availability/slots.ts')).toMatch(/HTTP only/)
    expect(upwardImport('admin/fields/SlotList.tsx', 'booking/SlotList.tsx')).toMatch(/HTTP only/)
    expect(upwardImport('plugin/index.ts', 'booking/BookingFlow.tsx')).toMatch(/above every layer/)
  })
})

/** The import circles of a graph of files: each as the path that closes it, found by a DFS. */
export const importCircles = (graph: Map<string, string[]>): string[][] => {
  const circles: string[][] = []
  const state = new Map<string, 'done' | 'open'>()
  const trail: string[] = []
  const visit = (file: string): void => {
    state.set(file, 'open')
    trail.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        circles.push([...trail.slice(trail.indexOf(next)), next])
      } else if (!state.has(next)) {
        visit(next)
      }
    }
    trail.pop()
    state.set(file, 'done')
  }
  for (const file of graph.keys()) {
    if (!state.has(file)) {
      visit(file)
    }
  }
  return circles
}

/**
 * The plugin's shell, the only files under `src/plugin` that may import the runtime: the factory
 * that hands the running ledger's services to each endpoint, hook and job, and the start.
 */
const SHELL = ['plugin/index.ts', 'plugin/start-ledger.ts', 'plugin/runtime.ts'].map((file) => path.join(...file.split('/')))
const RUNTIME = path.join('plugin', 'runtime.ts')

/** The shell's declarations of what it passes in, which every slice and shared module may name. */
const SHELL_DECLARATIONS = ['plugin/options.ts', 'plugin/services.ts', 'plugin/slice.ts'].map((file) => path.join(...file.split('/')))

/** The feature a `src`-relative path is in (`plugin/features/<name>/…`), else null. */
const featureOf = (relative: string): null | string => {
  const [plugin, features, name, ...rest] = relative.split(path.sep)
  return plugin === 'plugin' && features === 'features' && rest.length > 0 ? name : null
}

/**
 * Why a file under `src/plugin` may not import `to`, or null when it may (docs/ARCHITECTURE.md,
 * "The plugin: a shell over feature slices"). The shell (`plugin/*.ts`) composes and may use
 * any feature's index; `shared/` is used by all and uses no feature; a feature uses shared code,
 * the core and other features through their `index.ts`, never its own index (that would load it
 * again) and, of the shell, only its declarations.
 */
export const pluginImport = (from: string, to: string): null | string => {
  if (!to.startsWith(`plugin${path.sep}`)) {
    return null
  }
  const [source, target] = [featureOf(from), featureOf(to)]
  const index = (name: string) => path.join('plugin', 'features', name, 'index.ts')
  const inShared = (file: string) => file.startsWith(path.join('plugin', 'shared') + path.sep)
  const inShell = (file: string) => !inShared(file) && featureOf(file) === null
  if (source === null && !inShared(from)) {
    // The declarations name the services' types at their source: an index loads its feature, which names them back.
    return target !== null && to !== index(target) && !SHELL_DECLARATIONS.includes(from) ? `the shell uses ${target} through its index` : null
  }
  if (inShared(from) && target !== null) {
    return 'shared code imports a feature'
  }
  if (inShell(to) && !SHELL_DECLARATIONS.includes(to)) {
    return 'a slice imports the shell'
  }
  if (source !== null && target === source && to === index(source)) {
    return 'a feature imports its own index'
  }
  if (target !== null && target !== source && to !== index(target)) {
    return `another feature is used through its index`
  }
  return null
}

describe('imports', () => {
  const files = sourceFiles(SRC)

  // Type-only imports count too: a circle of them still ties the files so neither reads on its own.
  it('src/ has no import circles, of value or type imports', () => {
    const graph = new Map(files.map((file) => [path.relative(SRC, file), importsOf(file)]))
    expect(importCircles(graph).map((circle) => circle.join(' → '))).toEqual([])
  })

  it('finds a circle', () => {
    const circular = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ])
    expect(importCircles(circular)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']])
    expect(
      importCircles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([])
  })

  it('the plugin is a shell over feature slices: shared code imports no feature, a feature no other feature\'s internals, and no feature needs itself back', () => {
    const plugin = files.map((file) => path.relative(SRC, file)).filter((from) => from.startsWith(`plugin${path.sep}`))
    const violations = plugin.flatMap((from) => importsOf(path.join(SRC, from)).flatMap((to) => (pluginImport(from, to) ? [`${from} → ${to}: ${pluginImport(from, to)}`] : [])))
    expect(violations).toEqual([])
    const features = new Map<string, string[]>()
    for (const from of plugin) {
      const source = featureOf(from)
      if (source) {
        const targets = importsOf(path.join(SRC, from)).map(featureOf).filter((to): to is string => to !== null && to !== source)
        features.set(source, [...new Set([...(features.get(source) ?? []), ...targets])])
      }
    }
    expect(importCircles(features).map((circle) => circle.join(' → '))).toEqual([])
  })

  it('refuses what a slice may not import', () => {
    expect(pluginImport('plugin/features/holds/place-hold.ts', 'plugin/features/booking/booking-plan.ts')).toMatch(/through its index/)
    expect(pluginImport('plugin/features/holds/place-hold.ts', 'plugin/features/booking/index.ts')).toBeNull()
    expect(pluginImport('plugin/features/holds/place-hold.ts', 'plugin/features/holds/index.ts')).toMatch(/its own index/)
    expect(pluginImport('plugin/features/holds/place-hold.ts', 'plugin/runtime.ts')).toMatch(/the shell/)
    expect(pluginImport('plugin/features/holds/place-hold.ts', 'plugin/options.ts')).toBeNull()
    expect(pluginImport('plugin/shared/tenancy/tenancy.ts', 'plugin/features/booking/index.ts')).toMatch(/shared code imports a feature/)
    expect(pluginImport('plugin/runtime.ts', 'plugin/features/holds/hold-expiry.ts')).toMatch(/through its index/)
  })

  it('no file under src/plugin but the shell imports the runtime: the others get their services passed in', () => {
    const importers = files
      .map((file) => path.relative(SRC, file))
      .filter((from) => from.startsWith(`plugin${path.sep}`) && !SHELL.includes(from))
      .filter((from) => importsOf(path.join(SRC, from)).includes(RUNTIME))
    expect(importers).toEqual([])
  })
})
