// The dev app, built by the suite's global setup, served by `next start` over a fresh SQLite
// file holding the demo clinic. The global setup serves the one every file shares; a file that
// needs the app configured otherwise (through the dev config's environment) serves its own.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { freePort } from '../../support/free-port.js'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
export const nextBin = path.join(root, 'node_modules/next/dist/bin/next')
const tsxBin = path.join(root, 'node_modules/tsx/dist/cli.mjs')
/** Beside the developer's own `.next`, so a running `npm run dev` is not disturbed. */
export const DIST_DIR = '.next/browser-tests'
const BOOT_TIMEOUT_MS = 120_000

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export const run = (label: string, args: string[], env: NodeJS.ProcessEnv): void => {
  const started = Date.now()
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 })
  if (result.status !== 0) {
    throw new Error(`${label} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`)
  }
  console.info(`browser suite: ${label} took ${Math.round((Date.now() - started) / 1000)} s`)
}

/** The environment of the built app over a new database in `dataDir`, plus `extra`. */
export const appEnv = (dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  DATABASE_URI: `file:${path.join(dataDir, 'dev.db')}`,
  NEXT_DIST_DIR: DIST_DIR,
  NEXT_TELEMETRY_DISABLED: '1',
  ...extra,
})

export interface DevApp {
  baseURL: string
  stop(): Promise<void>
}

/**
 * Seeds a new database and serves the built app over it until `stop`, which ends the server
 * and removes the database. `extra` is environment the dev config reads.
 */
export const serveDevApp = async (extra: Record<string, string> = {}): Promise<DevApp> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reserve-browser-'))
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  // The links in the app's mails (the seed's too) point at this server.
  const env = appEnv(dataDir, { SERVER_URL: baseURL, ...extra })
  let server: ChildProcess | undefined
  let output = ''
  const stop = async (): Promise<void> => {
    if (server?.pid !== undefined && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve))
      for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
        try {
          // The whole group: Next's workers must not outlive the suite.
          process.kill(-server.pid, signal)
        } catch {
          // ESRCH: the group is gone already.
        }
        await Promise.race([exited, sleep(10_000)])
      }
    }
    fs.rmSync(dataDir, { force: true, recursive: true })
  }
  try {
    // A production server does not create the schema (Payload pushes it in development only),
    // so the database is made and seeded the way `npm run seed` does it.
    run('seed', [tsxBin, 'dev/seed-cli.ts'], { ...env, NODE_ENV: 'development' })
    server = spawn(process.execPath, [nextBin, 'start', 'dev', '--port', String(port)], {
      cwd: root,
      detached: true,
      env: { ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const collect = (chunk: Buffer): void => {
      output = (output + chunk.toString()).slice(-20_000)
    }
    server.stdout?.on('data', collect)
    server.stderr?.on('data', collect)
    await answering(baseURL, server, () => output)
    return { baseURL, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Waits until the server answers its login page. */
const answering = async (baseURL: string, server: ChildProcess, output: () => string): Promise<void> => {
  const started = Date.now()
  for (;;) {
    if (server.exitCode !== null) {
      throw new Error(`next start exited early:\n${output()}`)
    }
    const status = await fetch(`${baseURL}/admin/login`, { signal: AbortSignal.timeout(120_000) }).then(
      (response) => response.status,
      () => 0,
    )
    if (status === 200) {
      break
    }
    if (Date.now() - started > BOOT_TIMEOUT_MS) {
      throw new Error(`GET /admin/login did not answer 200 within ${BOOT_TIMEOUT_MS} ms (last ${status}):\n${output()}`)
    }
    await sleep(1_000)
  }
  console.info(`browser suite: next start took ${Math.round((Date.now() - started) / 1000)} s`)
}
