import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

import type { Measurement, MeasureSettings } from './measurement.js'

const TIMEOUT_MS = 10 * 60_000
const RESULT = '@@ result '

/**
 * Runs bench/measure-node.ts in its own OS process (with --expose-gc, so the memory it reports
 * is after a full collection) and resolves with its measurement. Its stderr passes through.
 */
export const measureInChild = (settings: MeasureSettings): Promise<Measurement> =>
  new Promise((resolve, reject) => {
    // BENCH_CPU_PROF=<dir>: a V8 CPU profile of each measuring process, to see where a request's time goes.
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []
    const child = spawn(process.execPath, ['--expose-gc', ...profile, '--import', 'tsx', 'bench/measure-node.ts'], {
      env: { ...process.env, BENCH_NODE: JSON.stringify(settings) },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let result: Measurement | undefined
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`The measuring process took longer than ${TIMEOUT_MS / 60_000} minutes`))
    }, TIMEOUT_MS)
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith(RESULT)) {
        result = JSON.parse(line.slice(RESULT.length)) as Measurement
      }
    })
    // 'close', not 'exit': the result line may still be in the pipe when the process exits.
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      if (result) {
        resolve(result)
      } else {
        reject(new Error(`The measuring process ended (${signal ?? code}) without a result`))
      }
    })
  })
