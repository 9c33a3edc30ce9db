// `npm test`: unit suites and the Payload integration suites on SQLite and PostgreSQL, then the
// browser suite against the built dev app.
// PostgreSQL at 127.0.0.1:5432 is required in CI; elsewhere its absence is said and skipped.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import net from 'node:net'

const postgresUrl = process.env.RESERVE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

const reachable = (url) =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url)
    const socket = net.connect({ host: hostname, port: Number(port || 5432) })
    socket.setTimeout(2000)
    socket.once('connect', () => resolve(socket.end() && true))
    socket.once('timeout', () => resolve(socket.destroy() && false))
    socket.once('error', () => resolve(false))
  })

const databases = ['sqlite']
if (await reachable(postgresUrl)) {
  databases.push('postgres')
} else if (process.env.CI === 'true') {
  console.error(`PostgreSQL is unreachable at ${postgresUrl}: CI requires it, failing.`)
  process.exit(1)
} else {
  console.warn(`PostgreSQL is unreachable at ${postgresUrl}: running the integration suites on SQLite only.`)
}

const env = { ...process.env, RESERVE_TEST_DATABASES: databases.join(','), RESERVE_TEST_POSTGRES_URL: postgresUrl }
const args = process.argv.slice(2)
const result = spawnSync('npx', ['vitest', 'run', ...args], { env, stdio: 'inherit' })
if (result.status !== 0 || args.length > 0) {
  process.exit(result.status ?? 1)
}

// The browser suite builds and serves the dev app, so it runs after the others (2 cores).
const chromium = process.env.RESERVE_CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  const message = `Chromium is missing at ${chromium} (apt-get install -y chromium): skipping the browser suite.`
  if (process.env.CI === 'true') {
    console.error(`${message} CI requires it, failing.`)
    process.exit(1)
  }
  console.warn(message)
  process.exit(0)
}
const browser = spawnSync('npx', ['vitest', 'run', '--config', 'test/browser/vitest.config.ts'], { env, stdio: 'inherit' })
process.exit(browser.status ?? 1)
