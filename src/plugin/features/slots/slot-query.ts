import type { PayloadRequest } from 'payload'

import { z } from 'zod'

import { asGiven, queryText, queryWholeNumber } from '../../../contract/query.js'
import { isCalendarDate } from '../../shared/validation/is-calendar-date.js'
import { LIMITS, MESSAGES } from '../../../contract/messages.js'
import { errorBody, type RequestError } from '../../shared/http/request-error.js'
import { isSupportedDate } from '../../shared/http/supported-dates.js'

/** `resources` as ids: one comma-separated text, or several (`resources=1&resources=2,3`). */
const idList = z
  .preprocess(
    (value) => (typeof value === 'string' ? [value] : value),
    z.array(z.string({ error: MESSAGES.resourcesList }), { error: MESSAGES.resourcesList }),
  )
  .transform((parts) => parts.flatMap((part) => part.split(',')).map((id) => id.trim()).filter((id) => id !== ''))
  .refine((ids) => ids.length <= LIMITS.maxResources, MESSAGES.tooManyResources)
  .transform((ids) => (ids.length > 0 ? [...new Set(ids)] : undefined))

/**
 * The parameters of availability and slots, each refused with its own text. Checked in the
 * order of the keys, so the first refusal is the one the first wrong parameter earns; the
 * OpenAPI document describes the parameters with these schemas.
 */
export const slotQueryParameters = z.object({
  resource: queryText(MESSAGES.singleIds),
  service: queryText(MESSAGES.singleIds),
  date: queryText(MESSAGES.invalidDate)
    .refine(isCalendarDate, MESSAGES.invalidDate)
    .refine(isSupportedDate, MESSAGES.dateOutOfRange)
    .meta({ format: 'date' }),
  guestCount: z.preprocess(asGiven, queryWholeNumber(MESSAGES.guestCount).optional()).meta({ type: 'integer' }),
  duration: z
    .preprocess(asGiven, queryWholeNumber(MESSAGES.duration).refine((minutes) => minutes >= 1, MESSAGES.duration).optional())
    .meta({ minimum: 1, type: 'integer' }),
  resources: z.preprocess(asGiven, idList.optional()),
  exclude: z.preprocess(asGiven, queryText(MESSAGES.singleExclude).optional()),
})

/** The parameters every query must give; one missing is refused before any is read. */
const REQUIRED = ['resource', 'service', 'date'] as const

/** The parameters of availability and slots, checked but with ids still as given. */
export interface SlotQuery {
  /** `YYYY-MM-DD`, a local day of the primary resource. */
  date: string
  /** Minutes, for a flexible service's length; null: the service's duration (a flexible one's shortest). */
  duration: null | number
  /** A reservation being moved: its own claim does not count as busy. Null: every claim counts. */
  exclude: null | string
  /** At least 1: lower values are clamped. */
  guestCount: number
  /** The primary resource: its schedule and time zone define the day's windows. */
  resource: string
  /** `resources=`, when given: replaces the primary resource as the caller set. */
  resources: null | string[]
  service: string
}

/**
 * Reads and checks the query of availability or slots. `missing` is the refusal for an absent
 * resource, date or service, whose body key differs between the two endpoints (see
 * docs/ARCHITECTURE.md, "HTTP API (`src/plugin/features/<name>/…-endpoint.ts`, `src/plugin/shared/http`)").
 */
export const parseSlotQuery = (req: PayloadRequest, missing: RequestError): SlotQuery => {
  const query = (req.query ?? {}) as Record<string, unknown>
  if (REQUIRED.some((name) => asGiven(query[name]) === undefined)) {
    throw missing
  }
  const parsed = slotQueryParameters.safeParse(query)
  if (!parsed.success) {
    throw errorBody(400, parsed.error.issues[0].message)
  }
  const { duration, exclude, guestCount, resources, ...named } = parsed.data
  return { ...named, duration: duration ?? null, exclude: exclude ?? null, guestCount: Math.max(1, guestCount ?? 1), resources: resources ?? null }
}
