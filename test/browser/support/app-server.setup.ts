// Global setup of the browser suite: a production build of the dev app (`next build`), started
// with `next start` on a free port over a fresh SQLite file holding the demo clinic. Every test
// file drives that one server, one file after the other.
import type { TestProject } from 'vitest/node'

import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { freePort } from '../../support/free-port.js'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const nextBin = path.join(root, 'node_modules/next/dist/bin/next')
const payloadBin = path.join(root, 'node_modules/payload/bin.js')
const tsxBin = path.join(root, 'node_modules/tsx/dist/cli.mjs')
const nextEnvFile = path.join(root, 'dev/next-env.d.ts')
/** Beside the developer's own `.next`, so a running `npm run dev` is not disturbed. */
const DIST_DIR = '.next/browser-tests'
const BOOT_TIMEOUT_MS = 120_000

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

const run = (label: string, args: string[], env: NodeJS.ProcessEnv): void => {
  const started = Date.now()
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 })
  if (result.status !== 0) {
    throw new Error(`${label} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`)
  }
  console.info(`browser suite: ${label} took ${Math.round((Date.now() - started) / 1000)} s`)
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reserve-browser-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URI: `file:${path.join(dataDir, 'dev.db')}`,
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: '1',
  }
  const nextEnv = fs.existsSync(nextEnvFile) ? fs.readFileSync(nextEnvFile, 'utf8') : undefined
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
    // Next points dev/next-env.d.ts at the build folder it used; give the previous one back.
    if (nextEnv !== undefined) {
      fs.writeFileSync(nextEnvFile, nextEnv)
    }
  }

  try {
    // The import map lists the admin components by path; a build without them would not show them.
    run('payload generate:importmap', [payloadBin, 'generate:importmap'], {
      ...env,
      NODE_ENV: 'development',
      ROOT_DIR: path.join(root, 'dev'),
    })
    if (process.env.RESERVE_BROWSER_REUSE_BUILD !== '1') {
      run('next build', [nextBin, 'build', 'dev'], { ...env, NODE_ENV: 'production' })
    }
    // A production server does not create the schema (Payload pushes it in development only),
    // so the database is made and seeded the way `npm run seed` does it.
    run('seed', [tsxBin, 'dev/seed-cli.ts'], { ...env, NODE_ENV: 'development' })

    const port = await freePort()
    const baseURL = `http://127.0.0.1:${port}`
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

    const started = Date.now()
    for (;;) {
      if (server.exitCode !== null) {
        throw new Error(`next start exited early:\n${output}`)
      }
      const status = await fetch(`${baseURL}/admin/login`, { signal: AbortSignal.timeout(120_000) }).then(
        (response) => response.status,
        () => 0,
      )
      if (status === 200) {
        break
      }
      if (Date.now() - started > BOOT_TIMEOUT_MS) {
        throw new Error(`GET /admin/login did not answer 200 within ${BOOT_TIMEOUT_MS} ms (last ${status}):\n${output}`)
      }
      await sleep(1_000)
    }
    console.info(`browser suite: next start took ${Math.round((Date.now() - started) / 1000)} s`)
    project.provide('baseURL', baseURL)
  } catch (error) {
    await stop()
    throw error
  }
  return stop
}
