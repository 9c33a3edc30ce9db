// `npm run dev`: the Next.js host app in dev/ on $PORT (default 3000). Payload's onInit seeds an
// empty database, so the first request to /admin boots and seeds it.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
fs.mkdirSync(path.join(root, 'dev', 'data'), { recursive: true })

const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next')
const child = spawn(process.execPath, [nextBin, 'dev', 'dev', '--port', process.env.PORT || '3000'], {
  cwd: root,
  stdio: 'inherit',
})

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal))
}
child.on('exit', (code, signal) => {
  if (signal) {
    // Die of the same signal, so npm and the shell see how Next ended.
    process.removeAllListeners(signal)
    process.kill(process.pid, signal)
  } else {
    process.exit(code ?? 0)
  }
})
