import { spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '../helpers/databases.js'
import { createSite, devVersion } from './support/site.js'

const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8')

/** The first fenced block of `language` after the README's line that starts with `lead`. */
const blockAfter = (lead: string, language: string): string => {
  const at = readme.indexOf(`\n${lead}`)
  const open = readme.indexOf(`\n\`\`\`${language}\n`, at)
  if (at === -1 || open === -1) {
    throw new Error(`The README has no ${language} block after "${lead}"`)
  }
  const start = open + language.length + 5
  return readme.slice(start, readme.indexOf('\n```', start))
}

/** The README's steps from an empty PostgreSQL database to the first booking, comments dropped. */
const newSiteSteps = blockAfter('A new PostgreSQL site, from an empty database to its first booking:', 'sh')
  .split('\n')
  .map((line) => (line.startsWith('#') ? line : line.replace(/\s+#.*$/, '')))

/** The README's steps after an upgrade, comments dropped. */
const upgradeSteps = blockAfter('After upgrading the plugin, or changing an option', 'sh')
  .split('\n')
  .map((line) => line.replace(/\s+#.*$/, ''))

/**
 * The README's `payload.config.ts`, with the site's own parts where it leaves them to the site: a
 * users collection with no `role` field (the plugin adds it) and PostgreSQL without push.
 */
const siteConfig = (): string => {
  const placeholder = "  // ...your db, secret and collections; `users` is your admin's auth collection\n"
  const config = blockAfter('The plugin loads that package when it opens the store', 'ts')
  if (!config.includes(placeholder)) {
    throw new Error('The README\'s payload.config.ts no longer leaves "...your db, secret and collections" to the site')
  }
  return (
    "import { postgresAdapter } from '@payloadcms/db-postgres'\n" +
    config.replace(
      placeholder,
      [
        "  admin: { user: 'users' },",
        "  collections: [{ slug: 'users', auth: true, fields: [] }],",
        '  db: postgresAdapter({ pool: { connectionString: process.env.DATABASE_URI }, push: false }),',
        '  secret: process.env.PAYLOAD_SECRET!,',
        '  telemetry: false,',
        '',
      ].join('\n'),
    )
  )
}

/** What create-payload-app's blank template has: the `@payload-config` path Payload's bin looks up. */
const TSCONFIG = {
  compilerOptions: {
    allowJs: true,
    esModuleInterop: true,
    isolatedModules: true,
    jsx: 'preserve',
    lib: ['DOM', 'DOM.Iterable', 'ES2022'],
    module: 'esnext',
    moduleResolution: 'bundler',
    noEmit: true,
    paths: { '@payload-config': ['./src/payload.config.ts'] },
    resolveJsonModule: true,
    skipLibCheck: true,
    strict: true,
    target: 'ES2022',
  },
  exclude: ['node_modules'],
  include: ['**/*.ts'],
}

interface Ran {
  code: null | number
  output: string
}

// Payload's logger colours its lines even into a pipe.
// eslint-disable-next-line no-control-regex
const plain = (text: string): string => text.replace(/\u001b\[[0-9;]*m/g, '')

/** Log lines at warn level or above, but Payload's note that no email adapter is configured. */
const warnings = (output: string): string[] =>
  output.split('\n').filter((line) => /\b(WARN|ERROR|FATAL)\b|npm warn/i.test(line) && !line.includes('No email adapter provided'))

/** A developer's shell, not the test runner's (NODE_ENV=test, the suites' forced push). */
const SHELL = { NODE_ENV: 'development', NODE_OPTIONS: '', PAYLOAD_FORCE_DRIZZLE_PUSH: '' } as const

const RAW_SQL = /relation "[^"]*" does not exist|no such table|42P01/

/**
 * A newcomer's PostgreSQL site, built as the README's "Migrations" section says, word for word
 * (its commands are read from the README): the packed tarball installed into a fresh app, the
 * README's config with `push: false`, `payload migrate:create` and `payload migrate`, then the
 * first user and the first booking, and every bin script of the plugin. The README's last step,
 * `npm run build && npm start`, is stood in for by `first-booking.mjs`, which boots the same
 * config under plain Node and talks to Payload's HTTP handler: a `next build` takes minutes on
 * the test machine, and the admin's build is the browser suites' business.
 */
describe('the README followed on a new PostgreSQL site', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'reserve-readme-'))
  const site = path.join(work, 'site')
  const importMap = path.join(site, 'src/app/(payload)/admin/importMap.js')
  const packed = inject('packed')
  let database: TestDatabase

  /** Runs a shell command line in the site as its user types it; output is stdout and stderr. */
  const run = (command: string): Promise<Ran> =>
    new Promise((resolve, reject) => {
      const child = spawn('sh', ['-c', command], {
        cwd: site,
        env: { ...process.env, ...SHELL, DATABASE_URI: database.uri, PAYLOAD_SECRET: 'readme-postgres-site' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.on('error', reject)
      child.on('close', (code) => resolve({ code, output: plain(output) }))
    })

  /** The README's step that `matches`; each must be there as the test knows it. */
  const step = (matches: RegExp): string => {
    const found = newSiteSteps.find((line) => matches.test(line))
    if (!found) {
      throw new Error(`The README's new-site steps have no line like ${matches}: ${JSON.stringify(newSiteSteps)}`)
    }
    return found
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    // The site has Payload and its PostgreSQL adapter; the README's `npm install` adds the plugin
    // (here the packed tarball under its name), in the same npm run to save a second resolve.
    const install = step(/^npm install payload-reserve-ledger$/).split(' ').slice(2)
    createSite(site, [
      ...install.map((name) => (name === 'payload-reserve-ledger' ? packed.tarball : name)),
      devVersion('payload'),
      devVersion('@payloadcms/db-postgres'),
    ])
    step(/^# add reserveLedgerPlugin\(\{ … \}\) to plugins in payload\.config\.ts \(see above\)$/)
    mkdirSync(path.join(site, 'src'))
    writeFileSync(path.join(site, 'src/payload.config.ts'), siteConfig())
    writeFileSync(path.join(site, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2))
    // The blank template's admin import map, before any plugin is in it.
    mkdirSync(path.dirname(importMap), { recursive: true })
    writeFileSync(importMap, 'export const importMap = {}\n')
    copyFileSync(path.join(import.meta.dirname, 'app/first-booking.mjs'), path.join(site, 'first-booking.mjs'))
  }, 600_000)

  afterAll(async () => {
    await database?.drop()
    rmSync(work, { force: true, recursive: true })
  })

  it('knows every step of the README', () => {
    expect(newSiteSteps).toEqual([
      step(/^npm install /),
      step(/^# add reserveLedgerPlugin/),
      step(/^npx payload generate:importmap$/),
      step(/^npx payload migrate:create \w+$/),
      step(/^npx payload migrate$/),
      step(/^npm run build && npm start$/),
    ])
  })

  it('started before its first migration, says once which commands create the tables, with no raw SQL error', async () => {
    const [started, rebuild] = await Promise.all([run('node first-booking.mjs boot'), run('npx payload reserve:rebuild')])
    expect(started.code, started.output).toBe(0)
    expect(started.output).not.toMatch(RAW_SQL)
    expect(warnings(started.output)).toEqual([expect.stringContaining('payload-reserve-ledger: the database has none of the tables')])
    expect(started.output).toContain('then `npx payload migrate`')
    expect(started.output).not.toContain('catch-up failed')
    // "the bin scripts exit with that message"
    expect(rebuild.code, rebuild.output).toBe(1)
    expect(rebuild.output).not.toMatch(RAW_SQL)
    expect(rebuild.output).toContain('reserve:rebuild: payload-reserve-ledger: the database has none of the tables')
  }, 300_000)

  it("puts the plugin's admin components into the admin's import map", async () => {
    const generated = await run(step(/^npx payload generate:importmap$/))
    expect(generated.code, generated.output).toBe(0)
    expect(warnings(generated.output)).toEqual([])
    expect(readFileSync(importMap, 'utf8')).toContain('"payload-reserve-ledger/client#SlotPickerField"')
  }, 300_000)

  it('creates the schema with `payload migrate:create` and `payload migrate`, warning of nothing', async () => {
    const create = await run(step(/^npx payload migrate:create /))
    expect(create.code, create.output).toBe(0)
    expect(warnings(create.output)).toEqual([])
    expect(readdirSync(path.join(site, 'src/migrations')).filter((file) => file.endsWith('.ts'))).toHaveLength(2)
    const migrate = await run(step(/^npx payload migrate$/))
    expect(migrate.code, migrate.output).toBe(0)
    expect(migrate.output).toContain('Migrated:')
    expect(warnings(migrate.output)).toEqual([])
    const tables = await database.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'reservation_events'")
    expect(tables).toEqual([{ n: 1 }])
  }, 300_000)

  it('starts, makes its first user the admin, and takes the first booking', async () => {
    step(/^npm run build && npm start$/)
    const started = await run('node first-booking.mjs book')
    expect(started.code, started.output).toBe(0)
    expect(warnings(started.output)).toEqual([])
    expect(JSON.parse(started.output.trim().split('\n').at(-1)!)).toEqual({
      booked: { endTime: '2031-03-04T09:30:00.000Z', status: 'pending' },
      firstUserRole: 'admin',
      reservations: 1,
    })
  }, 300_000)

  it('runs the upgrade steps on a site already migrated: no new migration, nothing to migrate, no warning', async () => {
    // The tarball is the newest version there is: the install step has nothing to fetch.
    expect(upgradeSteps[0]).toBe('npm install payload-reserve-ledger@latest')
    const migrations = () => readdirSync(path.join(site, 'src/migrations')).filter((file) => file.endsWith('.ts'))
    const before = migrations()
    for (const command of upgradeSteps.slice(1)) {
      const ran = await run(command)
      expect(ran.code, `${command}\n${ran.output}`).toBe(0)
      expect(warnings(ran.output), command).toEqual([])
      expect(ran.output, command).not.toMatch(RAW_SQL)
    }
    expect(upgradeSteps.slice(1)).toEqual([
      'npx payload generate:importmap',
      'npx payload migrate:create reserve-ledger-upgrade --skip-empty',
      'npx payload migrate',
    ])
    expect(migrations()).toEqual(before)
  }, 400_000)

  it('runs every bin script of the plugin, explained by --help, with no warning and no raw SQL error', async () => {
    const scripts = ['reserve:ledger', 'reserve:rebuild', 'reserve:adopt']
    const help = await Promise.all(scripts.map((script) => run(`npx payload ${script} --help`)))
    help.forEach(({ code, output }, index) => {
      expect(code, output).toBe(0)
      expect(output).toContain(`npx payload ${scripts[index]} --help`)
      expect(output).not.toContain('npm run')
    })
    const [ledger, rebuild, adopt] = await Promise.all(scripts.map((script) => run(`npx payload ${script}`)))
    for (const { output } of [ledger, rebuild, adopt]) {
      expect(output).not.toMatch(RAW_SQL)
      expect(warnings(output)).toEqual([])
    }
    expect(ledger.code, ledger.output).toBe(1)
    expect(ledger.output).toContain('reserve:ledger: Name one command: export, import, verify or migrate.')
    expect(rebuild.code, rebuild.output).toBe(0)
    expect(rebuild.output).toContain('rebuild: done, 1 reservations')
    expect(adopt.code, adopt.output).toBe(0)
    expect(adopt.output).toContain('adopted 0, 0 of them over capacity; 1 already in the ledger')
  }, 400_000)
})
