import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

export interface SpawnedNode {
  /** Errors the node's logger wrote (pino lines of level error and above), as `msg: error message`. */
  errors: string[]
  /** Resolves with the exit code, or the signal that ended it. */
  exited: Promise<number | string>
  /** Protocol lines ("@@ ..." without the marker) seen so far. */
  lines: string[]
  process: ChildProcess
  send(line: string): void
  /** Resolves with the first protocol line that starts with `prefix`. */
  waitFor(prefix: string, timeoutMs?: number): Promise<string>
}

/**
 * Starts the TypeScript module `script` (a path from the repository root) in its own OS process
 * with the given NODE_* settings. It answers on stdout in lines starting with "@@ " and reads
 * commands from stdin, one a line.
 */
/** A pino line of level error or above, as `msg: error message`; null for anything else. */
const loggedError = (raw: string): null | string => {
  try {
    const line = JSON.parse(raw) as { err?: { message?: string }; level?: number; msg?: string }
    return typeof line.level === 'number' && line.level >= 50 ? `${line.msg ?? ''}: ${line.err?.message ?? ''}`.slice(0, 500) : null
  } catch {
    return null
  }
}

export const spawnNode = (script: string, settings: Record<string, string>): SpawnedNode => {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...settings },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const errors: string[] = []
  const waiters: Array<{ prefix: string; resolve: (line: string) => void }> = []
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  createInterface({ input: child.stdout! }).on('line', (raw) => {
    if (!raw.startsWith('@@ ')) {
      const logged = loggedError(raw)
      if (logged !== null) {
        errors.push(logged)
      }
      return
    }
    const line = raw.slice(3)
    lines.push(line)
    for (const waiter of waiters.filter((w) => line.startsWith(w.prefix))) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve(line)
    }
  })
  // 'close' comes after the last stdout line, so `lines` is complete when this resolves.
  const exited = new Promise<number | string>((resolve) => {
    child.once('close', (code, signal) => resolve(signal ?? code ?? -1))
  })
  return {
    errors,
    exited,
    lines,
    process: child,
    send: (line) => child.stdin!.write(`${line}\n`),
    waitFor: (prefix, timeoutMs = 120_000) => {
      const seen = lines.find((line) => line.startsWith(prefix))
      if (seen) {
        return Promise.resolve(seen)
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${prefix}" from node within ${timeoutMs} ms; stderr:\n${stderr}`)), timeoutMs)
        waiters.push({ prefix, resolve: (line) => (clearTimeout(timer), resolve(line)) })
        void exited.then((how) => reject(new Error(`node exited (${how}) before "${prefix}"; stderr:\n${stderr}`)))
      })
    },
  }
}

/** Starts test/support/ledger-node.ts in its own OS process with the given NODE_* settings. */
export const spawnLedgerNode = (settings: Record<string, string>): SpawnedNode =>
  spawnNode('test/support/ledger-node.ts', settings)
