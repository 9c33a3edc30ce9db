import type { TestDatabaseKind } from '../test/helpers/databases.js'
import type { SqliteJournal } from './database.js'

export interface BenchArgs {
  /** Most sequential bookings measured per N (fewer when `bookSeconds` runs out first). */
  bookings: number
  bookSeconds: number
  databases: TestDatabaseKind[]
  /** Reservation counts, ascending: each is seeded on top of the previous one. */
  counts: number[]
  /** Timed requests per endpoint per N, after a warm-up. */
  samples: number
  sqliteJournal: SqliteJournal
}

const DEFAULTS: BenchArgs = {
  bookings: 400,
  bookSeconds: 8,
  databases: ['sqlite', 'postgres'],
  counts: [1_000, 10_000, 100_000],
  samples: 400,
  sqliteJournal: 'wal',
}

const KINDS: readonly TestDatabaseKind[] = ['sqlite', 'postgres']

const USAGE =
  'usage: npm run bench -- [--n 1000,10000,100000] [--db sqlite,postgres] [--samples 400] [--bookings 400] [--book-seconds 8] [--sqlite-journal wal|rollback]'

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
    const value = inline ?? argv[++i]
    if (value === undefined) {
      throw new Error(`${flag} needs a value\n${USAGE}`)
    }
    switch (flag) {
      case '--book-seconds':
        args.bookSeconds = positiveInteger(flag, value)
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
      case '--samples':
        args.samples = positiveInteger(flag, value)
        break
      default:
        throw new Error(`unknown argument "${flag}"\n${USAGE}`)
    }
  }
  return args
}
