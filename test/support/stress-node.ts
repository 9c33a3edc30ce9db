/**
 * Another OS process for the reliability suites. It boots Payload with the plugin on a
 * database whose schema the parent already pushed and sends every operation through Payload's
 * REST router (`restRequest`), as a guest or as the staff user NODE_STAFF_EMAIL. It reports on
 * stdout in lines starting with "@@ ".
 *
 * NODE_EVENT_STORE, when set, is the plugin's `eventStore` option as JSON (the ledger elsewhere
 * than in the database).
 *
 * Each worker (worker w of process NODE_INDEX, NODE_CONCURRENCY workers a process) draws from a
 * generator of its own, seeded from (NODE_SEED, its worker index), and takes the same number of
 * draws for every operation: the seed fixes each worker's sequence of choices (what kind of
 * operation, which start, resource, service, guest count, which of the candidates), not which
 * reservations are candidates when it chooses, nor how the workers interleave.
 *   stress: prints "@@ ready", waits for "go" on stdin, runs NODE_OPS random operations,
 *           shared among NODE_CONCURRENCY workers, on NODE_RESOURCES × NODE_SERVICES at NODE_STARTS
 *           half-hourly starts from 09:00 (NODE_FIRST_START minutes after midnight UTC) on NODE_DAY,
 *           running into the next day where they pass midnight: guest bookings, cancellations by guest
 *           token or by staff, staff status changes and staff moves (another start, another
 *           resource, another guest count; NODE_MOVES=1), mostly of reservations still pending
 *           or confirmed, its own and (with moves on) every process's, as it finds them in
 *           the collection now and then. A move carries a unique `notes` tag, so the parent
 *           can find it in the ledger. Prints "@@ result {json}" and exits. The result also
 *           says what this process's catch-up passes did during the run (NODE_CATCHUP_INTERVAL_MS
 *           and NODE_CATCHUP_GRACE_MS set their cadence; by default they do not run after boot).
 *           With NODE_UNTIL_STOP=1 it runs operations until "stop" on stdin instead of NODE_OPS.
 *   remote: prints "@@ ready", then for each stdin line `{ method, path, body, as }` ("staff"
 *           or "guest") sends that request and prints "@@ answer {status, body}".
 *   crash:  prints "@@ ready" and books without end (NODE_CONCURRENCY at a time, now and then
 *           cancelling an earlier booking), printing "@@ ack book <id>" after each 201 and
 *           "@@ ack cancel <id>" after each cancel answered 200, until the parent kills it.
 */
import type { Payload } from 'payload'

import { createInterface } from 'node:readline'

import type { EventStoreOption } from '../../src/plugin/options.js'

import { ledgerServices } from '../../src/plugin/runtime.js'
import { login, restRequest, stopPayload } from '../helpers/payload.js'
import { type CatchUpTally, watchCatchUp } from './catch-up-watch.js'
import { parentDatabase, requiredEnv } from './node-env.js'
import { startReservePayload } from './reserve-payload.js'
import { seededRandom } from './seeded-random.js'

export interface StressOp {
  /** The answer's body when it was a server error, or a booking neither made nor refused as taken. */
  error?: string
  /** Reservation acted on (for a booking: the one created, when it was). */
  id?: string
  kind: 'book' | 'cancel' | 'move' | 'status'
  status: number
  /** The `notes` tag a move carried. */
  tag?: string
  /** The status a cancel or status change asked for. */
  to?: string
}

export interface StressResult {
  booked: string[]
  /** What this process's catch-up passes did between "go" and the result. */
  catchUp: CatchUpTally
  ops: StressOp[]
}

const say = (line: string) => process.stdout.write(`@@ ${line}\n`)

/** A 32-bit hash of whole numbers (murmur3's finaliser over each), to seed one generator per tuple. */
const mix = (...parts: number[]): number =>
  parts.reduce((hash, part) => {
    let h = Math.imul(hash ^ (part >>> 0) ^ Math.floor(part / 4_294_967_296), 0x9e3779b1)
    h ^= h >>> 16
    h = Math.imul(h, 0x85ebca6b)
    h ^= h >>> 13
    h = Math.imul(h, 0xc2b2ae35)
    return (h ^ (h >>> 16)) >>> 0
  }, 0x811c9dc5)

/**
 * One operation's random choices, all drawn up front and always as many, so that what a worker
 * draws for its n-th operation never depends on what it found (or others did) before.
 */
interface Draws {
  /** Cancel by the guest's token rather than as staff. */
  byToken: number
  /** Which kind of change a move makes. */
  change: number
  guests: number
  kind: number
  /** Which reservation of the pool. */
  pick: number
  /** Which pool: every process's active reservations, this process's active ones, or its bookings. */
  pool: [number, number]
  resource: number
  service: number
  start: number
  /** Which status a status change asks for. */
  to: number
}

const drawer = (random: () => number) => (): Draws => ({
  byToken: random(),
  change: random(),
  guests: random(),
  kind: random(),
  pick: random(),
  pool: [random(), random()],
  resource: random(),
  service: random(),
  start: random(),
  to: random(),
})

const pick = <T>(items: readonly T[], draw: number): T => items[Math.floor(draw * items.length)]

const seed = Number(requiredEnv('NODE_SEED'))
const nodeIndex = Number(process.env.NODE_INDEX ?? 0)

// Payload's default ids on SQLite and PostgreSQL are numbers.
const resources = requiredEnv('NODE_RESOURCES').split(',').map(Number)
const services = requiredEnv('NODE_SERVICES').split(',').map(Number)
const day = requiredEnv('NODE_DAY')
const starts = Number(requiredEnv('NODE_STARTS'))
const firstStart = Number(process.env.NODE_FIRST_START ?? 9 * 60)
const concurrency = Number(requiredEnv('NODE_CONCURRENCY'))
/** The generator of worker `w` of this process: seeded from (NODE_SEED, its index among all processes' workers). */
const drawsOf = (w: number) => drawer(seededRandom(mix(seed, nodeIndex * concurrency + w)))

/** Guest tokens as afterBookingCreate hands them over: the only place the plaintext exists. */
const tokens = new Map<string, string>()

const payload: Payload = await startReservePayload(parentDatabase(), {
  allowGuestBooking: true,
  ...(process.env.NODE_EVENT_STORE ? { eventStore: JSON.parse(process.env.NODE_EVENT_STORE) as EventStoreOption } : {}),
  // By default recovery is left to the parent; the model suite runs it here too, and counts it.
  catchUp: {
    graceMs: Number(process.env.NODE_CATCHUP_GRACE_MS ?? 3_600_000),
    intervalMs: Number(process.env.NODE_CATCHUP_INTERVAL_MS ?? 3_600_000),
  },
  hooks: {
    afterBookingCreate: [
      ({ doc }) => {
        if (typeof doc.cancellationToken === 'string') {
          tokens.set(doc.id, doc.cancellationToken)
        }
      },
    ],
  },
})
const staffToken = await login(payload, { email: requiredEnv('NODE_STAFF_EMAIL'), password: requiredEnv('NODE_STAFF_PASSWORD') })

const send = async (method: string, path: string, body: unknown, token?: string) => {
  const response = await restRequest(payload, path, {
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `JWT ${token}` } : {}) },
    method,
  })
  const text = await response.text()
  return { body: text, status: response.status }
}

const outcome = (kind: StressOp['kind'], status: number, body: string, id?: string, to?: string, tag?: string): StressOp => ({
  ...(id === undefined ? {} : { id }),
  kind,
  status,
  ...(to === undefined ? {} : { to }),
  ...(tag === undefined ? {} : { tag }),
  // A guest booking has two answers a client expects (booked, or the time taken): any other says why.
  ...(status >= 500 || (kind === 'book' && status !== 201 && status !== 409) ? { error: body.slice(0, 500) } : {}),
})

let counter = 0

/** One of the half-hourly starts: hour-long services overlap their neighbours in part. */
const startAt = (draw: number): string => {
  const minute = firstStart + Math.floor(draw * starts) * 30
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + minute * 60_000).toISOString()
}

/** A guest booking at a random start. */
const book = async (draws: Draws): Promise<StressOp> => {
  const n = counter++
  const { body, status } = await send('POST', '/api/reserve/book', {
    guest: { email: `guest${process.pid}-${n}@example.test`, name: `Guest ${n}` },
    guestCount: 1 + Math.floor(draws.guests * 2),
    resource: pick(resources, draws.resource),
    service: pick(services, draws.service),
    startTime: startAt(draws.start),
  })
  return outcome('book', status, body, status === 201 ? String((JSON.parse(body) as { id: string }).id) : undefined)
}

/** Half by the guest's own token (an anonymous caller), half by staff. */
const cancel = async (id: string, draws: Draws): Promise<StressOp> => {
  const token = tokens.get(id)
  const { body, status } =
    token && draws.byToken < 0.5
      ? await send('POST', '/api/reserve/cancel', { reservationId: id, token })
      : await send('POST', '/api/reserve/cancel', { reason: 'stress', reservationId: id }, staffToken)
  return outcome('cancel', status, body, id, 'cancelled')
}

/** A staff status change: any of the machine's moves, refused (400) where the status forbids it. */
const changeStatus = async (id: string, draws: Draws): Promise<StressOp> => {
  const to = pick(['confirmed', 'completed', 'no-show'], draws.to)
  const { body, status } = await send('PATCH', `/api/reservations/${id}`, { status: to }, staffToken)
  return outcome('status', status, body, id, to)
}

/** A staff move of any reservation: to another start, another resource or another guest count. */
const move = async (id: string, draws: Draws): Promise<StressOp> => {
  const tag = `move-${process.pid}-${counter++}`
  const roll = draws.change
  const change =
    roll < 0.5
      ? { startTime: startAt(draws.start) }
      : roll < 0.8
        ? { resource: pick(resources, draws.resource) }
        : { guestCount: 1 + Math.floor(draws.guests * 2) }
  const { body, status } = await send('PATCH', `/api/reservations/${id}`, { ...change, notes: tag }, staffToken)
  return outcome('move', status, body, id, undefined, tag)
}

/** Every process's reservations still pending or confirmed on these resources, as the collection lists them now. */
const othersActive = async (): Promise<string[]> => {
  const { docs } = await payload.find({
    collection: 'reservations',
    depth: 0,
    limit: 200,
    pagination: false,
    select: { id: true },
    // This run's resources only: an earlier run on the same database is none of its business.
    where: { resource: { in: resources }, status: { in: ['pending', 'confirmed'] } },
  })
  return docs.map((doc) => String(doc.id))
}

if (requiredEnv('NODE_SCENARIO') === 'remote') {
  say('ready')
  for await (const line of createInterface({ input: process.stdin })) {
    const { as, body, method, path } = JSON.parse(line) as { as: 'guest' | 'staff'; body?: unknown; method: string; path: string }
    say(`answer ${JSON.stringify(await send(method, path, body, as === 'staff' ? staffToken : undefined))}`)
  }
  await stopPayload(payload)
  process.exit(0)
} else if (requiredEnv('NODE_SCENARIO') === 'stress') {
  let stopRequested = false
  const go = new Promise<void>((resolve) => {
    createInterface({ input: process.stdin }).on('line', (line) => {
      if (line.trim() === 'go') {
        resolve()
      } else if (line.trim() === 'stop') {
        stopRequested = true
      }
    })
  })
  say('ready')
  await go
  // Every pass this process's catch-up makes from here on: a run without crashes needs no repair.
  const runtime = ledgerServices.of(payload)
  const watch = watchCatchUp(runtime.catchUp, payload, { graceMs: runtime.options.catchUp.graceMs, store: runtime.store })
  const booked: string[] = []
  /** Reservations whose last answer left them pending or confirmed: most moves target these. */
  const active = new Set<string>()
  const ops: StressOp[] = []
  const total = Number(requiredEnv('NODE_OPS'))
  const moves = process.env.NODE_MOVES === '1'
  const untilStop = process.env.NODE_UNTIL_STOP === '1'
  let shared: string[] = []
  const target = ({ pick: which, pool: [first, second] }: Draws): string | undefined => {
    const pool = moves && shared.length > 0 && first < 0.5 ? shared : active.size > 0 && second < 0.85 ? [...active] : booked
    return pool.length > 0 ? pick(pool, which) : undefined
  }
  // Each worker has operations of its own to run, so its n-th draws are always its n-th operation's.
  const worker = async (w: number): Promise<void> => {
    const draw = drawsOf(w)
    const mine = Math.floor(total / concurrency) + (w < total % concurrency ? 1 : 0)
    for (let n = 0; untilStop ? !stopRequested : n < mine; n++) {
      if (moves && n % 5 === 4) {
        shared = await othersActive()
      }
      const draws = draw()
      const roll = draws.kind
      const id = target(draws)
      // With moves on, most operations change existing reservations: that is where a process's
      // cached view of a resource goes stale under another's changes.
      const op =
        id === undefined || roll < (moves ? 0.3 : 0.6)
          ? await book(draws)
          : roll < (moves ? 0.4 : 0.8)
            ? await cancel(id, draws)
            : moves && roll < 0.88
              ? await move(id, draws)
              : await changeStatus(id, draws)
      if (op.kind === 'book' && op.id !== undefined) {
        booked.push(op.id)
        active.add(op.id)
      } else if (op.status === 200 && op.id !== undefined && op.kind !== 'move' && op.to !== 'confirmed') {
        active.delete(op.id)
      }
      ops.push(op)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)))
  const result: StressResult = { booked, catchUp: await watch.stop(), ops }
  say(`result ${JSON.stringify(result)}`)
  await stopPayload(payload)
  process.exit(0)
} else {
  say('ready')
  const booked: string[] = []
  const worker = async (w: number): Promise<never> => {
    const draw = drawsOf(w)
    for (;;) {
      const draws = draw()
      const target = booked.length > 0 && draws.kind < 0.2 ? booked.splice(Math.floor(draws.pick * booked.length), 1)[0] : undefined
      if (target === undefined) {
        const op = await book(draws)
        if (op.id !== undefined) {
          booked.push(op.id)
          say(`ack book ${op.id}`)
        }
      } else if ((await cancel(target, draws)).status === 200) {
        say(`ack cancel ${target}`)
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)))
}
