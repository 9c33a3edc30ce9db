import type { LiveEventData } from '../../../contract/http.js'
import type { LiveFeed, LiveNotice } from './live-feed.js'

export interface LiveStreamOptions {
  /** The client's `Last-Event-ID`: what it saw last before its connection dropped. */
  lastEventId: null | string
  /** Keep-alive comments this often, so that proxies do not close an idle connection. */
  keepAliveMs: number
  /** The most missed events replayed on a resume; beyond it the client is told to reload. */
  replayLimit: number
  /** The ids among these the client may read (the reservations collection's read access). */
  readable(ids: string[]): Promise<Set<string>>
  /**
   * The positions of those notices whose reservation the client could read before the change
   * (moved out of its reach, deleted): it shows them and must hear that they changed.
   */
  readableBefore(notices: LiveNotice[]): Promise<Set<string>>
  /** Logs a failure to read what a client may see; the notices it concerned are not sent. */
  report(error: unknown): void
  /** Aborts when the client goes away (where the host passes the request's signal on). */
  signal: AbortSignal | undefined
}

/** How long an EventSource waits before it reconnects (milliseconds). */
const RETRY_MS = 1000

const encoder = new TextEncoder()

/** Tells the client to reload everything it shows. */
const RESYNC = 'event: resync\ndata: {}\n\n'

const message = (id: string, { reservationId, revision }: LiveNotice): string =>
  `id: ${id}\nevent: reservation\ndata: ${JSON.stringify({ reservationId, revision } satisfies LiveEventData)}\n\n`

/**
 * One client's server-sent events: `reservation` for each change to a reservation it may read,
 * its id the highest ledger position sent on the connection so far (an event held for its
 * document may come after a later one: a resume from its own position would send that again),
 * `resync` when it must reload what it shows (more was missed than is replayed), comments to
 * keep the connection open. Ends when the client goes away or the feed stops.
 */
export const liveStream = (feed: LiveFeed, options: LiveStreamOptions): ReadableStream<Uint8Array> => {
  let end = (): void => undefined
  return new ReadableStream<Uint8Array>({
    cancel() {
      end()
    },
    start(controller) {
      let open = true
      /** Deliveries one after another, so a client gets events in the order they were read. */
      let queue = Promise.resolve()
      /** The highest position sent: the id a resume continues after. */
      let sent = ''
      /** What the resume replayed: the feed may read some of it after this client joined. */
      const replayed = new Set<string>()
      const write = (text: string) => {
        if (open && text !== '') {
          controller.enqueue(encoder.encode(text))
        }
      }
      const deliver = async (notices: LiveNotice[]) => {
        if (!open || notices.length === 0) {
          return
        }
        const readable = await options.readable([...new Set(notices.map(({ reservationId }) => reservationId))])
        const hidden = notices.filter(({ reservationId }) => !readable.has(reservationId))
        const before = hidden.length === 0 ? new Set<string>() : await options.readableBefore(hidden)
        const shown = notices.filter(
          ({ position, reservationId }) => (readable.has(reservationId) || before.has(position)) && !replayed.has(position),
        )
        write(
          shown
            .map((notice) => {
              sent = notice.position > sent ? notice.position : sent
              return message(sent, notice)
            })
            .join(''),
        )
      }
      const send = (notices: LiveNotice[]) => {
        queue = queue.then(() => deliver(notices)).catch(options.report)
      }
      const keepAlive = setInterval(() => write(': keep-alive\n\n'), options.keepAliveMs)
      let stopListening = (): void => undefined
      end = () => {
        if (!open) {
          return
        }
        open = false
        clearInterval(keepAlive)
        stopListening()
        options.signal?.removeEventListener('abort', end)
        try {
          controller.close()
        } catch {
          // The client cancelled the stream: it is closed already.
        }
      }
      // After `end` is set: a feed already stopped closes the listener at once.
      stopListening = feed.listen({ close: end, deliver: send })
      options.signal?.addEventListener('abort', end)
      if (options.signal?.aborted) {
        end()
        return
      }
      write(`retry: ${RETRY_MS}\n: connected\n\n`)
      const { lastEventId } = options
      if (lastEventId) {
        // First in the queue: what was missed goes out before what happens from now on.
        queue = queue
          .then(async () => {
            const { complete, notices } = await feed.missedSince(lastEventId, options.replayLimit)
            sent = lastEventId
            await deliver(notices)
            notices.forEach(({ position }) => replayed.add(position))
            if (!complete) {
              write(RESYNC)
            }
          })
          // An id this store cannot read from (not one it gave), or a failed read: the client reloads.
          .catch(() => write(RESYNC))
      }
    },
  })
}
