import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { createSite, devVersion } from './support/site.js'

/**
 * What a user's tarball may weigh unpacked; today's is about 6.2 MB, more than half of it source
 * maps with their sources. The contract as zod schemas, the API client and the booking kit's first
 * slice added 0.7 MB; the kit's manage page, customer pages, waitlist, series, lengths and twelve
 * languages 0.44 MB more.
 */
const MAX_UNPACKED_BYTES = 6_500_000

/**
 * The package as a user installs it: packed (which builds `dist/`), installed into a fresh app
 * outside the repository, and used under plain Node with no TypeScript loader.
 */
describe('the installed package', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'reserve-package-'))
  const app = path.join(work, 'app')
  const packed = inject('packed')

  beforeAll(() => {
    createSite(app, [packed.tarball, devVersion('payload'), devVersion('@payloadcms/db-sqlite')])
    for (const script of ['app-config.mjs', 'book-once.mjs', 'store-without-client.mjs']) {
      copyFileSync(path.join(import.meta.dirname, 'app', script), path.join(app, script))
    }
  }, 600_000)

  afterAll(() => rmSync(work, { force: true, recursive: true }))

  it('holds the compiled plugin, its types and stylesheets, the README and the licence, and nothing else', () => {
    const files = packed.files.map((file) => file.path)
    const outside = files.filter((file) => !file.startsWith('dist/') && !['CHANGELOG.md', 'LICENSE', 'README.md', 'package.json'].includes(file))
    expect(outside).toEqual([])
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/index.js',
        'dist/index.d.ts',
        'dist/exports/api-client.js',
        'dist/exports/api-client.d.ts',
        'dist/exports/booking.js',
        'dist/exports/booking.d.ts',
        'dist/booking/booking.css',
        'dist/exports/client.js',
        'dist/exports/client.d.ts',
        'dist/exports/rsc.js',
        'dist/cli/rebuild.js',
        'dist/admin/calendar/time-grid.css',
        'LICENSE',
      ]),
    )
    expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([])
    expect(packed.unpackedSize).toBeLessThan(MAX_UNPACKED_BYTES)
    console.log(`tarball ${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ${files.length} files`)
  })

  it('keeps the client components behind their "use client" boundary', () => {
    const component = readFileSync(path.join(app, 'node_modules/payload-reserve-ledger/dist/admin/fields/SlotPickerField.js'), 'utf8')
    expect(component.startsWith("'use client'")).toBe(true)
  })

  it('boots under plain node, from dist/, and books once over REST through the API client', () => {
    const output = execFileSync(process.execPath, ['book-once.mjs', path.join(work, 'smoke.db')], {
      cwd: app,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
      timeout: 180_000,
    })
    expect(JSON.parse(output.trim().split('\n').at(-1)!)).toEqual({ endTime: '2030-03-01T11:00:00.000Z', status: 201 })
  }, 200_000)

  it('installs no store client with the plugin: a site installs the one of the store it configures', () => {
    for (const name of ['@eventstore/db-client', '@nats-io/jetstream', '@nats-io/transport-node']) {
      expect(existsSync(path.join(app, 'node_modules', name)), name).toBe(false)
    }
  })

  it('refuses to start on a store whose client is not installed, naming the command that installs it', () => {
    const startWith = (store: string) => {
      const output = execFileSync(process.execPath, ['store-without-client.mjs', path.join(work, `${store}.db`), store], {
        cwd: app,
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '' },
        timeout: 180_000,
      })
      return JSON.parse(output.trim().split('\n').at(-1)!) as unknown
    }
    expect(startWith('eventstoredb')).toEqual({
      error: 'The EventStoreDB store needs @eventstore/db-client: npm install @eventstore/db-client',
    })
    expect(startWith('jetstream')).toEqual({
      error:
        'The JetStream store needs @nats-io/jetstream and @nats-io/transport-node: npm install @nats-io/jetstream@~3.3.1 @nats-io/transport-node@~3.3.1',
    })
  }, 200_000)
})
