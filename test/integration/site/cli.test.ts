import type { Payload } from 'payload'

import { execFile } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../helpers/databases.js'
import { stopPayload } from '../../helpers/payload.js'
import { seedBookable, startReservePayload } from '../../support/reserve-payload.js'

const root = path.resolve(import.meta.dirname, '../../..')

interface Run {
  code: number
  seconds: number
  stderr: string
  stdout: string
}

/**
 * `npx payload <args>` as a site's developer types it, in its own process, on the site config
 * of test/support/cli-site.config.ts.
 */
const payloadBin = (args: string[], database?: Pick<TestDatabase, 'kind' | 'uri'>): Promise<Run> => {
  const started = Date.now()
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_DATABASE_KIND: database?.kind ?? 'sqlite',
    NODE_DATABASE_URI: database?.uri ?? 'file:/nonexistent/never-opened.db',
    PAYLOAD_CONFIG_PATH: path.join(root, 'test/support/cli-site.config.ts'),
  }
  // NODE_ENV unset, as on a developer's machine; the test harness's forced push left out too.
  delete env.NODE_ENV
  delete env.PAYLOAD_FORCE_DRIZZLE_PUSH
  return new Promise((resolve) => {
    execFile('npx', ['payload', ...args], { cwd: root, env: env as NodeJS.ProcessEnv, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, seconds: (Date.now() - started) / 1000, stderr, stdout })
    })
  })
}

/** The seconds the script says its own work took, from Payload's boot to its end. */
const workSeconds = (run: Run): number => Number(/finished in ([\d.]+) s/.exec(run.stderr)?.[1] ?? Number.NaN)

describe('the bin scripts, run as a user runs them', () => {
  it.each([
    ['reserve:rebuild', 'npx payload reserve:rebuild'],
    ['reserve:adopt', 'npx payload reserve:adopt --dry-run'],
    ['reserve:ledger', 'npx payload reserve:ledger export --out FILE'],
  ])('%s --help prints its usage with the npx command and exits 0, without touching a database', async (script, line) => {
    // The config names a database that cannot be opened: help must not need one.
    const run = await payloadBin([script, '--help'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(line)
    expect(run.stdout).toContain('never changes its schema')
    expect(run.stdout).not.toContain('npm run')
    expect(run.stderr).toBe('')
  }, 130_000)

  it('refuses an unknown option with its usage and exit code 1', async () => {
    const run = await payloadBin(['reserve:rebuild', '--everything'])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("reserve:rebuild: Unknown option '--everything'")
    expect(run.stderr).toContain('npx payload reserve:rebuild --help')
  }, 130_000)
})

describe.each(testDatabaseKinds())('the bin scripts on %s', (kind) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })

  afterAll(async () => {
    await database.drop()
  })

  const tables = async (): Promise<string[]> =>
    (
      await database.query(
        kind === 'postgres'
          ? "select table_name as name from information_schema.tables where table_schema = 'public'"
          : "select name from sqlite_master where type = 'table'",
      )
    ).map(({ name }) => String(name))

  it('on a database without the tables, outside production: push nothing, say which commands create them, exit 1', async () => {
    const run = await payloadBin(['reserve:rebuild'], database)
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("reserve:rebuild: payload-reserve-ledger: the database has none of the tables of this config's")
    expect(run.stderr).toContain('`npx payload migrate`')
    expect(run.stderr).not.toMatch(/does not exist|no such table|Error running onInit/)
    expect((await tables()).filter((name) => name.startsWith('reservation'))).toEqual([])
  }, 130_000)

  describe('on a site with a booking', () => {
    let payload: Payload

    beforeAll(async () => {
      payload = await startReservePayload(database)
      const { resource, service } = await seedBookable(payload)
      await payload.create({ collection: 'reservations', data: { resource: resource.id, service: service.id, startTime: '2031-05-05T09:00:00.000Z' } })
      await stopPayload(payload)
    })

    it.each([
      [['reserve:rebuild'], /^rebuild: done, 1 reservations in [\d.]+ s$/m],
      [['reserve:adopt', '--dry-run'], /^adopt \(dry run, nothing written\): 1 documents in reservations: would adopt 0, .*1 already in the ledger/m],
      [['reserve:ledger', 'verify'], /^verify: intact, \d+ events in \d+ streams/m],
    ])('%j does its work in seconds, starts nothing else, and prints what it did', async (args, done) => {
      const run = await payloadBin(args, database)
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).toMatch(done)
      // The script's own part, from booting Payload (no schema push, no catch-up) to the end.
      expect(workSeconds(run)).toBeLessThan(5)
      expect(run.stderr).not.toMatch(/catch-up|Pulling schema/)
      console.log(`${args.join(' ')}: ${run.seconds.toFixed(1)} s in all, ${workSeconds(run)} s after the config loaded`)
    }, 130_000)
  })
})
