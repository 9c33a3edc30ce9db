import { readdir, readFile } from 'node:fs/promises'

/** Linux reports process CPU time in clock ticks of 1/100 s (USER_HZ; the same on every common build). */
const TICK_MS = 10

export interface CpuSnapshot {
  /** When it was taken (performance.now()). */
  at: number
  /** Busy and total jiffies of all CPUs since boot (/proc/stat), or null off Linux. */
  machine: { busy: number; total: number } | null
}

const machineTicks = async (): Promise<CpuSnapshot['machine']> => {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0]
    // cpu user nice system idle iowait irq softirq steal ...
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number)
    const total = ticks.reduce((sum, tick) => sum + tick, 0)
    return { busy: total - ticks[3] - ticks[4], total }
  } catch {
    return null
  }
}

/** Which processes a follower counts, given a pid and its command line (arguments joined by spaces). */
type Ours = (pid: string, title: string) => boolean

/** CPU ticks of each process on this machine that `ours` picks, by pid. */
const processTicks = async (ours: Ours, known: Map<string, boolean>): Promise<Map<string, number> | null> => {
  let pids: string[]
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name))
  } catch {
    return null
  }
  const ticks = new Map<string, number>()
  await Promise.all(
    pids.map(async (pid) => {
      try {
        // Each process's title is read once: sampling must not load the machine it measures.
        let picked = known.get(pid)
        if (picked === undefined) {
          picked = ours(pid, (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' '))
          known.set(pid, picked)
        }
        if (!picked) {
          return
        }
        const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
        // Fields after the parenthesised command name: state is field 3, utime 14, stime 15.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        ticks.set(pid, Number(fields[11]) + Number(fields[12]))
      } catch {
        // The process ended while being read.
      }
    }),
  )
  return ticks
}

/**
 * Follows the CPU time of the processes `ours` picks from now until `stop()`, which resolves
 * with their CPU milliseconds (null off Linux or when none was seen). Processes come and go
 * (pools open and close connections), so each is sampled every `everyMs`: a process's share is
 * its last sample less its first (or all of it when it started meanwhile); what one used after
 * its last sample before it ended is missed.
 */
const followCpu = (ours: Ours, everyMs: number) => {
  const first = new Map<string, number>()
  const last = new Map<string, number>()
  const known = new Map<string, boolean>()
  let started = false
  let supported = true
  const sample = async () => {
    const ticks = await processTicks(ours, known)
    if (!ticks) {
      supported = false
      return
    }
    for (const [pid, value] of ticks) {
      if (!first.has(pid)) {
        first.set(pid, started ? 0 : value)
      }
      last.set(pid, value)
    }
    started = true
  }
  let pending = sample()
  const timer = setInterval(() => {
    pending = pending.then(sample)
  }, everyMs)
  return {
    async stop(): Promise<null | number> {
      clearInterval(timer)
      await pending
      await sample()
      if (!supported || last.size === 0) {
        return null
      }
      let ticks = 0
      for (const [pid, value] of last) {
        ticks += value - (first.get(pid) ?? 0)
      }
      return ticks * TICK_MS
    },
  }
}

/**
 * The CPU time of the PostgreSQL backends serving `database` (`followCpu`): a backend's process
 * title is `postgres: <cluster>: <user> <database> <client> <state>`.
 */
export const followPostgresCpu = (database: string, everyMs = 250) =>
  followCpu((_, title) => title.startsWith('postgres: ') && title.split(/\s+/).includes(database), everyMs)

/** The CPU time of the processes with these pids (`followCpu`), such as a cluster's nodes. */
export const followProcessesCpu = (pids: readonly number[], everyMs = 250) => {
  const ours = new Set(pids.map(String))
  return followCpu((pid) => ours.has(pid), everyMs)
}

export const machineCpu = async (): Promise<CpuSnapshot> => ({ at: performance.now(), machine: await machineTicks() })

/** Share of the machine's CPU time that was busy between two snapshots (0–1). */
export const busyBetween = (before: CpuSnapshot, after: CpuSnapshot): null | number =>
  before.machine && after.machine && after.machine.total > before.machine.total
    ? (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)
    : null
