import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import path from 'node:path'

const ICS = readFileSync(path.join(import.meta.dirname, '../fixtures/practitioner.ics'), 'utf8')
const ETAG = '"practitioner-v1"'

/** A calendar server on this machine: serves the fixture with an ETag, answers 304 to it, and can go down. */
export const calendarServer = () => {
  const seen = { conditional: 0, requests: 0 }
  let down = false
  const server: Server = createServer((request, response) => {
    seen.requests++
    if (down) {
      response.writeHead(503).end()
      return
    }
    if (request.headers['if-none-match'] === ETAG) {
      seen.conditional++
      response.writeHead(304).end()
      return
    }
    response.writeHead(200, { 'Content-Type': 'text/calendar', ETag: ETAG }).end(ICS)
  })
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    goDown: () => {
      down = true
    },
    seen,
    start: () =>
      new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}/practitioner.ics`))),
  }
}
