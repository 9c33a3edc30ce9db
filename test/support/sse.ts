import type { Payload } from 'payload'

import { restRequest } from '../helpers/payload.js'

/** One server-sent event as an EventSource would dispatch it. */
export interface SseEvent {
  data: string
  event: string
  id: null | string
}

/** A connection to a server-sent events endpoint through Payload's REST handler. */
export interface SseConnection {
  close(): Promise<void>
  /** Every event received so far, in order. */
  readonly events: SseEvent[]
  /** Whether the server ended the stream. */
  readonly ended: () => boolean
  /** Everything the server sent, comments included. */
  readonly raw: () => string
  status: number
  /** The first event (received or to come) that `match` accepts; fails after `timeoutMs`. */
  waitFor(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>
}

/** Parses one block of an event stream (the lines between blank lines); null for a comment-only block. */
const parseBlock = (block: string): null | SseEvent => {
  let data: null | string = null
  let event = 'message'
  let id: null | string = null
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':')
    if (colon === 0) {
      continue
    }
    const field = colon === -1 ? line : line.slice(0, colon)
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'data') {
      data = data === null ? value : `${data}\n${value}`
    } else if (field === 'event') {
      event = value
    } else if (field === 'id') {
      id = value
    }
  }
  return data === null ? null : { data, event, id }
}

/** Opens `path` as an event stream, signed in with `token` when given. */
export const openEventStream = async (
  payload: Payload,
  path: string,
  { headers = {}, token }: { headers?: Record<string, string>; token?: string } = {},
): Promise<SseConnection> => {
  const controller = new AbortController()
  const response = await restRequest(payload, path, {
    headers: { Accept: 'text/event-stream', ...headers, ...(token ? { Authorization: `JWT ${token}` } : {}) },
    signal: controller.signal,
  })
  const events: SseEvent[] = []
  const waiters = new Set<() => void>()
  let text = ''
  let ended = false
  let pending = ''
  const reader = response.body?.getReader()
  const reading = (async () => {
    if (!reader || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      return
    }
    const decoder = new TextDecoder()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) {
          ended = true
          return
        }
        const chunk = decoder.decode(value, { stream: true })
        text += chunk
        pending += chunk
        let end = pending.indexOf('\n\n')
        while (end !== -1) {
          const parsed = parseBlock(pending.slice(0, end))
          pending = pending.slice(end + 2)
          if (parsed) {
            events.push(parsed)
          }
          end = pending.indexOf('\n\n')
        }
        for (const wake of waiters) {
          wake()
        }
      }
    } catch {
      // Aborted by close().
    }
  })()
  return {
    async close() {
      controller.abort()
      await reader?.cancel().catch(() => undefined)
      await reading
    },
    ended: () => ended,
    events,
    raw: () => text,
    status: response.status,
    waitFor(match, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match)
          if (found) {
            waiters.delete(check)
            clearTimeout(timer)
            resolve(found)
          }
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`No matching event within ${timeoutMs} ms; received: ${text}`))
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
  }
}
