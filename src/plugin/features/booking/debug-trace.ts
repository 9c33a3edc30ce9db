import type { PayloadRequest } from 'payload'

import { randomUUID } from 'node:crypto'

import type { Tracer } from '../../../commands/ledger.js'
import type { ResolvedOptions } from '../../options.js'

import { requestSession } from './write-protocol/write-session.js'

/**
 * The debug trace of a request (`debug: true`): every step is one structured line through
 * Payload's logger, all of a request's lines under one trace id. Undefined when debugging is
 * off, so callers' `trace?.(…)` neither builds nor logs anything.
 */
export const requestTracer = (req: PayloadRequest, options: Pick<ResolvedOptions, 'debug'>): Tracer | undefined => {
  if (!options.debug) {
    return undefined
  }
  const session = requestSession(req)
  let tracer = session.tracer
  if (!tracer) {
    const id = randomUUID()
    const started = performance.now()
    tracer = (step, details) =>
      req.payload.logger.info({
        msg: `payload-reserve-ledger: ${step}`,
        reserveTrace: { id, ms: Math.round((performance.now() - started) * 10) / 10, step, ...details },
      })
    session.tracer = tracer
  }
  return tracer
}
