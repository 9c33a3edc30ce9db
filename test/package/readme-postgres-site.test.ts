import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
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

interface Ran {
  code: null | number
  output: string
}

/** A site's server started by a command line, until `stop`. */
interface Server {
  /** Everything the command printed so far, stdout and stderr. */
  output: () => string
  /** Stops the command and all it started. */
  stop: () => Promise<void>
  url: string
}

// Payload's logger colours its lines even into a pipe.
// eslint-disable-next-line no-control-regex
const plain = (text: string): string => text.replace(/\u001b\[[0-9;]*m/g, '')

/** Log lines at warn level or above, but Payload's note that no email adapter is configured. */
const warnings = (output: string): string[] =>
  output.split('\n').filter((line) => /\b(WARN|ERROR|FATAL)\b|npm warn/i.test(line) && !line.includes('No email adapter provided'))

/**
 * What `next build` and `next start` print as a warning or an error: Next marks them ⚠ and ⨯,
 * Payload's logger and npm by level. Allowed, as not about the plugin or the README's steps:
 * - Payload's note that no email adapter is configured (the README leaves e-mail to the site);
 * - `⨯ turbopackServerFastRefresh` in Next's list of experiments, which is no error: Payload's
 *   `withPayload` turns that experiment off (it breaks HMR), and Next marks an experiment that is
 *   off with ⨯.
 */
const serverWarnings = (output: string): string[] =>
  output
    .split('\n')
    .filter((line) => /⚠|⨯|\b(WARN|ERROR|FATAL|warning)\b|npm warn/i.test(line))
    .filter((line) => !line.includes('No email adapter provided') && line.trim() !== '⨯ turbopackServerFastRefresh')

/**
 * A developer's shell, not the test runner's (NODE_ENV=test, the suites' forced push) nor CI's:
 * under `CI=true` Next advises caching `.next/cache` between CI runs, which a newcomer's first
 * build on their machine is not.
 */
const SHELL = { CI: '', NODE_ENV: 'development', NODE_OPTIONS: '', PAYLOAD_FORCE_DRIZZLE_PUSH: '' } as const

/**
 * The shell of `npm run build && npm start`: Next runs both under NODE_ENV=production (what it
 * sets when a shell sets none), and the test machine sends Next no telemetry.
 */
const NEXT_SHELL = { ...SHELL, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' } as const

const RAW_SQL = /relation "[^"]*" does not exist|no such table|42P01/

/** Payload's error for an admin component that the admin's import map lacks. */
const NOT_IN_IMPORT_MAP = 'not found in importMap'

/** A TCP port nothing listens on now. */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })

/**
 * A newcomer's PostgreSQL site, built as the README's "Migrations" section says, word for word
 * (its commands are read from the README): Payload's blank Next.js app (`site/`: the admin's
 * layout, pages, REST route and empty import map, `next.config.mjs` with `withPayload`, the
 * tsconfig with `@payload-config`) at this repository's versions of Next, React and Payload, the
 * packed tarball installed into it, the README's config with `push: false`,
 * `payload migrate:create` and `payload migrate`, `npm run build && npm start`, then the first
 * user through the admin's create-first-user route and the first booking, and every bin script
 * of the plugin.
 */
describe('the README followed on a new PostgreSQL site', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'reserve-readme-'))
  const site = path.join(work, 'site')
  const importMap = path.join(site, 'src/app/(payload)/admin/importMap.js')
  const packed = inject('packed')
  const servers: Server[] = []
  let database: TestDatabase
  let empty: TestDatabase | undefined

  /** The site's environment on `uri`, in `shell`. */
  const environment = (shell: Record<string, string>, uri: string): NodeJS.ProcessEnv => ({
    ...process.env,
    ...shell,
    DATABASE_URI: uri,
    PAYLOAD_SECRET: 'readme-postgres-site',
  })

  /** Runs a shell command line in the site as its user types it; output is stdout and stderr. */
  const run = (command: string, uri = database.uri): Promise<Ran> =>
    new Promise((resolve, reject) => {
      const child = spawn('sh', ['-c', command], { cwd: site, env: environment(SHELL, uri), stdio: ['ignore', 'pipe', 'pipe'] })
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.on('error', reject)
      child.on('close', (code) => resolve({ code, output: plain(output) }))
    })

  /** Runs a command line that ends in `next start`, on a free port, until Next says it is ready. */
  const serve = async (command: string, uri: string): Promise<Server> => {
    const port = await freePort()
    const child = spawn('sh', ['-c', command], {
      cwd: site,
      // Its own process group, for `stop` to end npm, Next and its workers together.
      detached: true,
      env: { ...environment(NEXT_SHELL, uri), PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const closed = new Promise<void>((resolve) => child.on('close', () => resolve()))
    const server: Server = {
      output: () => plain(output),
      stop: async () => {
        if (child.exitCode === null && child.signalCode === null) {
          process.kill(-child.pid!, 'SIGTERM')
          await closed
        }
      },
      url: `http://localhost:${port}`,
    }
    servers.push(server)
    await new Promise<void>((resolve, reject) => {
      const ready = setInterval(() => {
        if (/Ready in/.test(output)) {
          clearInterval(ready)
          resolve()
        }
      }, 250)
      void closed.then(() => {
        clearInterval(ready)
        reject(new Error(`\`${command}\` ended before Next was ready:\n${server.output()}`))
      })
    })
    return server
  }

  /**
   * An admin page as a browser ends up on it: Next's redirects, by HTTP or in the streamed page,
   * followed. `path` is where it ended.
   */
  const page = async (server: Server, route: string, token?: string): Promise<{ html: string; path: string; status: number }> => {
    const headers = token ? { Cookie: `payload-token=${token}` } : undefined
    for (let hops = 0; hops < 5; hops++) {
      const response = await fetch(server.url + route, { headers })
      const html = await response.text()
      const redirect = /NEXT_REDIRECT;(?:replace|push);([^;]+);/.exec(html)
      if (!redirect) {
        return { html, path: new URL(response.url).pathname, status: response.status }
      }
      route = redirect[1]
    }
    throw new Error(`${route} redirects in circles`)
  }

  /** A REST call to the site; throws with the answer unless it is `expected`. */
  const call = async (server: Server, method: string, route: string, body?: unknown, token?: string, expected = [200, 201]) => {
    const response = await fetch(`${server.url}/api${route}`, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `JWT ${token}` } : {}) },
      method,
    })
    const answer = (await response.json()) as Record<string, any>
    if (!expected.includes(response.status)) {
      throw new Error(`${method} ${route} answered ${response.status}: ${JSON.stringify(answer)}`)
    }
    return { body: answer, status: response.status }
  }

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
    cpSync(path.join(import.meta.dirname, 'site'), site, { recursive: true })
    // The blank template's packages (`@types/*` and TypeScript for `next build`'s type check);
    // the README's `npm install` adds the plugin (here the packed tarball under its name), in the
    // same npm run to save a second resolve.
    const install = step(/^npm install payload-reserve-ledger$/).split(' ').slice(2)
    createSite(
      site,
      [
        ...install.map((name) => (name === 'payload-reserve-ledger' ? packed.tarball : name)),
        ...['payload', '@payloadcms/db-postgres', '@payloadcms/next', 'next', 'react', 'react-dom'].map(devVersion),
        ...['typescript', '@types/node', '@types/react', '@types/react-dom'].map(devVersion),
      ],
      { build: 'next build', start: 'next start' },
    )
    step(/^# add reserveLedgerPlugin\(\{ … \}\) to plugins in payload\.config\.ts \(see above\)$/)
    writeFileSync(path.join(site, 'src/payload.config.ts'), siteConfig())
    // The README's booking page, each file where its first line says (under the site's src/).
    for (const lead of ["A Next.js site that mounts Payload's API at `/api` puts its public pages", 'and the booking page in it:', 'and, in the same route group:']) {
      const file = blockAfter(lead, 'tsx')
      const target = path.join(site, 'src', /^\/\/ (\S+)/.exec(file)![1])
      mkdirSync(path.dirname(target), { recursive: true })
      writeFileSync(target, file)
    }
  }, 600_000)

  afterAll(async () => {
    for (const server of servers) {
      await server.stop()
    }
    await database?.drop()
    await empty?.drop()
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

  it("puts the plugin's admin components into the admin's import map", async () => {
    expect(readFileSync(importMap, 'utf8')).not.toContain('payload-reserve-ledger')
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

  it('builds and starts with Next, makes its first user the admin, renders the plugin\'s admin and takes the first booking', async () => {
    const began = Date.now()
    const server = await serve(step(/^npm run build && npm start$/), database.uri)
    // `next build` takes minutes on a loaded 2-core machine: the report wants to know how many.
    console.info(`npm run build && npm start: ready after ${Math.round((Date.now() - began) / 1000)} s`)

    // "then create the first user at /admin"
    const admin = await page(server, '/admin')
    expect([admin.status, admin.path]).toEqual([200, '/admin/create-first-user'])
    expect(admin.html).toContain('<title>Create first user - Payload</title>')
    // What the admin's create-first-user form sends.
    const first = await call(server, 'POST', '/users/first-register', {
      'confirm-password': 'first-admin-1',
      email: 'admin@example.test',
      password: 'first-admin-1',
    })
    // "… : the admin"
    expect(first.body.user.role).toBe('admin')
    const token = first.body.token as string

    const service = await call(server, 'POST', '/services', { duration: 30, durationType: 'fixed', name: 'Consultation' }, token)
    const resource = await call(
      server,
      'POST',
      '/resources',
      { name: 'Dr. Lee', quantity: 1, resourceType: 'practitioner', services: [service.body.doc.id] },
      token,
    )
    const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']
    await call(
      server,
      'POST',
      '/schedules',
      { name: 'Always', recurringSlots: days.map((day) => ({ day, endTime: '24:00', startTime: '00:00' })), resource: resource.body.doc.id },
      token,
    )
    const booked = await call(server, 'POST', '/reserve/book', {
      guest: { email: 'ann@example.test', name: 'Ann Lee' },
      resource: resource.body.doc.id,
      service: service.body.doc.id,
      startTime: '2031-03-04T09:00:00.000Z',
    })
    expect(booked.status).toBe(201)
    expect(booked.body).toMatchObject({ endTime: '2031-03-04T09:30:00.000Z', status: 'pending' })
    // The same time again: refused, naming the field as the README's error body does, in the production build.
    const taken = await call(server, 'POST', '/reserve/book', {
      guest: { email: 'bo@example.test', name: 'Bo Berg' },
      resource: resource.body.doc.id,
      service: service.body.doc.id,
      startTime: '2031-03-04T09:00:00.000Z',
    }, undefined, [409])
    expect(taken.status).toBe(409)
    expect(taken.body.errors[0].data.errors).toEqual([{ message: expect.any(String), path: 'startTime' }])
    const listed = await call(server, 'GET', '/reservations', undefined, token)
    expect(listed.body.totalDocs).toBe(1)

    // The built admin has the plugin's components from the import map: the calendar in place of
    // the reservations list, the slot picker on a new reservation.
    const calendar = await page(server, '/admin/collections/reservations', token)
    expect([calendar.status, calendar.path]).toEqual([200, '/admin/collections/reservations'])
    expect(calendar.html).toContain('class="rl-calendar"')
    const create = await page(server, '/admin/collections/reservations/create', token)
    expect([create.status, create.path]).toEqual([200, '/admin/collections/reservations/create'])
    expect(create.html).toContain('class="rl-slot-picker"')
    // The README's booking page, built from the tarball's `booking` export and its stylesheet.
    const book = await page(server, '/book')
    expect([book.status, book.path]).toEqual([200, '/book'])
    expect(book.html).toContain('<div class="rl-booking" dir="ltr" lang="de">')
    expect(book.html).toMatch(/<link rel="stylesheet" href="[^"]+\.css"/)
    // And its manage page, as the booking e-mail's link opens it.
    const manage = await page(server, '/book/manage?reservation=1&token=t')
    expect([manage.status, manage.path]).toEqual([200, '/book/manage'])
    expect(manage.html).toContain('<div class="rl-booking" dir="ltr" lang="de">')
    for (const html of [admin.html, calendar.html, create.html]) {
      expect(html).not.toContain(NOT_IN_IMPORT_MAP)
    }

    await server.stop()
    expect(server.output()).toContain('Compiled successfully')
    expect(server.output()).not.toContain(NOT_IN_IMPORT_MAP)
    expect(server.output()).not.toMatch(RAW_SQL)
    expect(serverWarnings(server.output())).toEqual([])
  }, 1_200_000)

  it('started before its first migration, says once which commands create the tables, with no raw SQL error', async () => {
    // The built site on a database no migration has run on yet, its admin's address opened. Not
    // followed to the login page: Payload's own query there for a first user fails raw on any
    // unmigrated database, plugin or not.
    empty = await createTestDatabase('postgres')
    const start = step(/^npm run build && npm start$/).split(' && ')[1]
    const server = await serve(start, empty.uri)
    const [rebuild, opened] = await Promise.all([run('npx payload reserve:rebuild', empty.uri), fetch(`${server.url}/admin`)])
    expect(opened.status).toBe(200)
    // Long enough for the plugin's next look for the tables after 5 s.
    await new Promise((resolve) => setTimeout(resolve, 8_000))
    await server.stop()
    expect(server.output()).not.toMatch(RAW_SQL)
    expect(serverWarnings(server.output())).toEqual([expect.stringContaining('payload-reserve-ledger: the database has none of the tables')])
    expect(server.output()).toContain('then `npx payload migrate`')
    expect(server.output()).not.toContain('catch-up failed')
    // "the bin scripts exit with that message"
    expect(rebuild.code, rebuild.output).toBe(1)
    expect(rebuild.output).not.toMatch(RAW_SQL)
    expect(rebuild.output).toContain('reserve:rebuild: payload-reserve-ledger: the database has none of the tables')
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
