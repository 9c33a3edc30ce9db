// "On a fresh clone, `npm install && npm run dev` serves the seeded admin at /admin", automated:
// the real `npm run dev` on a free port and an empty SQLite file, driven over HTTP.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ADMIN_EMAIL, DEMO_PASSWORD } from '../../../dev/seed.js'
import { freePort } from '../../support/free-port.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const nextEnvFile = path.join(root, 'dev', 'next-env.d.ts')
// A cold first compile of the admin takes minutes on a 2-core machine: ~1.5 min idle, ~7 min
// measured while other suites loaded it; the wait ends as soon as the server answers.
const BOOT_TIMEOUT_MS = 540_000

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

describe('npm run dev', () => {
  let baseUrl = ''
  let server: ChildProcess | undefined
  let output = ''
  let tempDir = ''
  let nextEnv: string | undefined

  const exited = (): boolean =>
    server !== undefined && (server.exitCode !== null || server.signalCode !== null)

  beforeAll(async () => {
    nextEnv = fs.existsSync(nextEnvFile) ? fs.readFileSync(nextEnvFile, 'utf8') : undefined
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reserve-dev-server-'))
    const port = await freePort()
    baseUrl = `http://127.0.0.1:${port}`
    server = spawn('npm', ['run', 'dev'], {
      cwd: root,
      // Its own process group, so afterAll can stop npm, Next and Next's workers together.
      detached: true,
      env: {
        ...process.env,
        DATABASE_URI: `file:${path.join(tempDir, 'dev.db')}`,
        // Next locks its build folder per server; a developer's own `npm run dev` keeps running.
        NEXT_DIST_DIR: '.next/test-dev-server',
        NODE_ENV: 'development',
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const collect = (chunk: Buffer): void => {
      output = (output + chunk.toString()).slice(-20_000)
    }
    server.stdout?.on('data', collect)
    server.stderr?.on('data', collect)

    // Both routes compile on their first request; warming them here keeps the test itself quick.
    const deadline = Date.now() + BOOT_TIMEOUT_MS
    for (const route of ['/admin', '/api/users/me']) {
      for (;;) {
        if (exited()) {
          throw new Error(`npm run dev exited early:\n${output}`)
        }
        const status = await fetch(`${baseUrl}${route}`, { signal: AbortSignal.timeout(120_000) }).then(
          (response) => response.status,
          () => 0,
        )
        if (status === 200) {
          break
        }
        if (Date.now() > deadline) {
          throw new Error(`GET ${route} did not answer 200 within ${BOOT_TIMEOUT_MS} ms (last ${status}):\n${output}`)
        }
        await sleep(2_000)
      }
    }
  }, BOOT_TIMEOUT_MS + 150_000)

  afterAll(async () => {
    if (server?.pid !== undefined) {
      const group = -server.pid
      const signal = (name: NodeJS.Signals): void => {
        try {
          process.kill(group, name)
        } catch {
          // ESRCH: every process of the group has already exited.
        }
      }
      const stopped = exited() ? Promise.resolve() : new Promise((resolve) => server?.once('exit', resolve))
      signal('SIGTERM')
      await Promise.race([stopped, sleep(10_000)])
      // Next's workers may outlive npm; nothing of the group may survive the suite.
      signal('SIGKILL')
    }
    fs.rmSync(tempDir, { force: true, recursive: true })
    // Next points dev/next-env.d.ts at the build folder it used; give the default one back.
    if (nextEnv !== undefined) {
      fs.writeFileSync(nextEnvFile, nextEnv)
    }
  }, 30_000)

  it('serves the admin and the REST API, with the seeded demo behind the seeded login', async () => {
    const me = await fetch(`${baseUrl}/api/users/me`)
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({ user: null })

    const login = await fetch(`${baseUrl}/api/users/login`, {
      body: JSON.stringify({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
      headers: { 'Content-Type': 'application/json' },
      method: 'POST',
    })
    expect(login.status).toBe(200)
    const { token, user } = (await login.json()) as { token: string; user: { role: string } }
    expect(user.role).toBe('admin')

    const services = await fetch(`${baseUrl}/api/services?limit=0`, { headers: { Authorization: `JWT ${token}` } })
    expect(services.status).toBe(200)
    expect(await services.json()).toMatchObject({ totalDocs: 3 })
  })

  // Next compiles the GraphQL route with its own copy of payload.config, while Payload runs the
  // instance the admin's copy built: the route's operations ran the second copy's plugin code,
  // which has no ledger running (a 503 for every booking).
  it('books, refuses a taken time and moves a reservation on over GraphQL, whose route has its own copy of the config', async () => {
    const login = await fetch(`${baseUrl}/api/users/login`, {
      body: JSON.stringify({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
      headers: { 'Content-Type': 'application/json' },
      method: 'POST',
    })
    const { token } = (await login.json()) as { token: string }
    const graphql = async (query: string, auth?: string): Promise<{ data?: Record<string, null | Record<string, unknown>>; errors?: Array<{ extensions: { statusCode: number }; message: string }> }> => {
      const response = await fetch(`${baseUrl}/api/graphql`, {
        body: JSON.stringify({ query }),
        headers: { 'Content-Type': 'application/json', ...(auth && { Authorization: `JWT ${auth}` }) },
        method: 'POST',
        // The route's first request compiles it.
        signal: AbortSignal.timeout(BOOT_TIMEOUT_MS),
      })
      expect(response.status).toBe(200)
      return (await response.json()) as never
    }

    // The first day of the next two weeks on which the demo's first resource offers its first service.
    let start: string | undefined
    for (let day = 1; day <= 14 && start === undefined; day++) {
      const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10)
      const slots = (await (await fetch(`${baseUrl}/api/reserve/slots?resource=1&service=1&date=${date}`)).json()) as { slots: Array<{ start: string }> }
      start = slots.slots[0]?.start
    }
    expect(start).toBeDefined()
    const book = `mutation { createReservation(data: { service: 1, resource: 1, startTime: "${start}", guest: { name: "Ann Lee", email: "ann@example.com" } }) { id status startTime } }`

    const booked = await graphql(book)
    expect(booked.errors).toBeUndefined()
    expect(booked.data?.createReservation).toMatchObject({ startTime: start, status: 'pending' })
    const id = String(booked.data?.createReservation?.id)

    const taken = await graphql(book)
    expect(taken.errors?.map(({ extensions, message }) => [extensions.statusCode, message])).toEqual([[409, 'The requested time is not available']])

    const confirmed = await graphql(`mutation { updateReservation(id: "${id}", data: { status: confirmed }) { status } }`, token)
    expect(confirmed.errors).toBeUndefined()
    expect(confirmed.data?.updateReservation).toEqual({ status: 'confirmed' })

    // The ledger holds it: its history lists the booking and the confirmation.
    const history = (await (await fetch(`${baseUrl}/api/reserve/history?reservationId=${id}`, { headers: { Authorization: `JWT ${token}` } })).json()) as { events: Array<{ type: string }> }
    expect(history.events.map(({ type }) => type)).toEqual(['ReservationBooked', 'ReservationStatusChanged'])
  }, BOOT_TIMEOUT_MS)
})
