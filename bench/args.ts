import type { TestDatabaseKind } from '../test/helpers/databases.js'
import type { SqliteJournal } from './database.js'

/** Where the concurrency mode's ledger lives: the payload adapter (in PostgreSQL) or JetStream R3 on a cluster the run starts. */
export type BenchStore = 'jetstream' | 'payload'

/** Whether the run includes the concurrency mode (PostgreSQL, several app processes). */
export type ConcurrencyMode = 'off' | 'only' | 'with'

export interface BenchArgs {
  /** Most sequential bookings measured per path and N (fewer when `bookSeconds` runs out first). */
  bookings: number
  /** Most seconds of timed sequential bookings per path and N. */
  bookSeconds: number
  /** Concurrent clients in all, split evenly across the app processes. */
  clients: number
  /** `with`: after the N series on PostgreSQL; `only`: nothing else (`--concurrency`); `off`: `--no-concurrency`. */
  concurrency: ConcurrencyMode
  /** Reservations seeded for the concurrency mode. */
  concurrencyN: number
  /**
   * The concurrency mode's app processes run catch-up as a site does (`--catch-up-passes`: the
   * plugin's default, a pass every 5 s, leased to one process on PostgreSQL) instead of once at start.
   */
  catchUpPasses: boolean
  /** Timed seconds per process count. */
  concurrencySeconds: number
  databases: TestDatabaseKind[]
  /** The plugin's `hashChain` option in the measuring processes (`--no-hash-chain` turns it off, to measure what hashing costs). */
  hashChain: boolean
  /** Reservation counts, ascending: each is seeded on top of the previous one. */
  counts: number[]
  /** App process counts the concurrency mode compares, the first being the baseline. */
  processes: number[]
  /** Folder the results files are written to. */
  resultsDir: string
  /** Timed requests per endpoint per N, after a warm-up. */
  samples: number
  sqliteJournal: SqliteJournal
  /** The concurrency mode's ledger (`--store jetstream` needs `--concurrency`: the N series runs on the payload adapter only). */
  store: BenchStore
}

const DEFAULTS: BenchArgs = {
  bookings: 400,
  bookSeconds: 8,
  catchUpPasses: false,
  clients: 16,
  concurrency: 'with',
  concurrencyN: 10_000,
  concurrencySeconds: 20,
  databases: ['sqlite', 'postgres'],
  hashChain: true,
  counts: [1_000, 10_000, 100_000],
  processes: [1, 2, 4],
  resultsDir: 'bench/results',
  samples: 400,
  sqliteJournal: 'wal',
  store: 'payload',
}

const KINDS: readonly TestDatabaseKind[] = ['sqlite', 'postgres']

const USAGE =
  'usage: npm run bench -- [--n 1000,10000,100000] [--db sqlite,postgres] [--samples 400] [--bookings 400] [--book-seconds 8] [--sqlite-journal wal|rollback] [--no-hash-chain] [--out bench/results]\n' +
  '                       [--concurrency | --no-concurrency] [--concurrency-n 10000] [--processes 1,2,4] [--clients 16] [--concurrency-seconds 20] [--catch-up-passes] [--store payload|jetstream]'

/** The seed leaves 5 units free (bench/slot-plan.ts): each N's sequential bookings take one. */
const MAX_COUNTS = 5

const positiveInteger = (flag: string, text: string): number => {
  const value = Number(text.replaceAll('_', ''))
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new Error(`${flag} needs a whole number of at least 1, not "${text}"\n${USAGE}`)
  }
  return value
}

/** Reads `--flag value` and `--flag=value` pairs; anything unknown stops the run with the usage line. */
export const parseBenchArgs = (argv: readonly string[]): BenchArgs => {
  const args = { ...DEFAULTS }
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2)
    if (flag === '--no-hash-chain' && inline === undefined) {
      args.hashChain = false
      continue
    }
    if (flag === '--catch-up-passes' && inline === undefined) {
      args.catchUpPasses = true
      continue
    }
    if (flag === '--concurrency' || flag === '--no-concurrency') {
      if (inline !== undefined) {
        throw new Error(`${flag} takes no value\n${USAGE}`)
      }
      args.concurrency = flag === '--concurrency' ? 'only' : 'off'
      continue
    }
    const value = inline ?? argv[++i]
    if (value === undefined) {
      throw new Error(`${flag} needs a value\n${USAGE}`)
    }
    switch (flag) {
      case '--book-seconds':
        args.bookSeconds = positiveInteger(flag, value)
        break
      case '--clients':
        args.clients = positiveInteger(flag, value)
        break
      case '--concurrency-n':
        args.concurrencyN = positiveInteger(flag, value)
        break
      case '--concurrency-seconds':
        args.concurrencySeconds = positiveInteger(flag, value)
        break
      case '--out':
        args.resultsDir = value
        break
      case '--processes':
        args.processes = value.split(',').map((p) => positiveInteger(flag, p.trim()))
        break
      case '--bookings':
        args.bookings = positiveInteger(flag, value)
        break
      case '--db': {
        const kinds = value.split(',').map((kind) => kind.trim())
        const unknown = kinds.filter((kind) => !(KINDS as readonly string[]).includes(kind))
        if (unknown.length > 0 || kinds.length === 0) {
          throw new Error(`--db takes sqlite and/or postgres, not "${value}"\n${USAGE}`)
        }
        args.databases = kinds as TestDatabaseKind[]
        break
      }
      case '--n':
        args.counts = [...new Set(value.split(',').map((n) => positiveInteger(flag, n.trim())))].sort((a, b) => a - b)
        break
      case '--sqlite-journal':
        if (value !== 'wal' && value !== 'rollback') {
          throw new Error(`--sqlite-journal takes wal or rollback, not "${value}"\n${USAGE}`)
        }
        args.sqliteJournal = value
        break
      case '--store':
        if (value !== 'payload' && value !== 'jetstream') {
          throw new Error(`--store takes payload or jetstream, not "${value}"\n${USAGE}`)
        }
        args.store = value
        break
      case '--samples':
        args.samples = positiveInteger(flag, value)
        break
      default:
        throw new Error(`unknown argument "${flag}"\n${USAGE}`)
    }
  }
  if (args.counts.length > MAX_COUNTS) {
    throw new Error(`--n takes at most ${MAX_COUNTS} counts: the seed leaves room for the bookings of ${MAX_COUNTS} measurements\n${USAGE}`)
  }
  if (args.store === 'jetstream' && args.concurrency !== 'only') {
    throw new Error(`--store jetstream measures the concurrency mode only: add --concurrency\n${USAGE}`)
  }
  const uneven = args.processes.filter((processes) => args.clients % processes !== 0)
  if (uneven.length > 0) {
    throw new Error(`--clients ${args.clients} does not split evenly across ${uneven.join(', ')} processes\n${USAGE}`)
  }
  return args
}
