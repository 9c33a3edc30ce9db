// Global setup of the browser suite: a production build of the dev app (`next build`), started
// with `next start` on a free port over a fresh SQLite file holding the demo clinic. Every test
// file drives that one server, one file after the other.
import type { TestProject } from 'vitest/node'

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { appEnv, type DevApp, nextBin, root, run, serveDevApp } from './dev-app.js'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
  }
}

const payloadBin = path.join(root, 'node_modules/payload/bin.js')
const nextEnvFile = path.join(root, 'dev/next-env.d.ts')

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reserve-browser-build-'))
  const env = appEnv(buildDir)
  const nextEnv = fs.existsSync(nextEnvFile) ? fs.readFileSync(nextEnvFile, 'utf8') : undefined
  let app: DevApp | undefined

  const stop = async (): Promise<void> => {
    await app?.stop()
    fs.rmSync(buildDir, { force: true, recursive: true })
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
    // Staff offer waiting entries by hand in the waitlist tests; a background sweep offering first would race them.
    app = await serveDevApp({ RESERVE_WAITLIST_AUTO_OFFER: 'false' })
    project.provide('baseURL', app.baseURL)
  } catch (error) {
    await stop()
    throw error
  }
  return stop
}
