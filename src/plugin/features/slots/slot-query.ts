import type { PayloadRequest } from 'payload'

import { isCalendarDate } from '../../shared/validation/is-calendar-date.js'
import { LIMITS, MESSAGES } from '../../shared/http/messages.js'
import { parseWholeNumber, queryParam } from '../../shared/http/query-params.js'
import { errorBody, type RequestError } from '../../shared/http/request-error.js'
import { isSupportedDate } from '../../shared/http/supported-dates.js'

/**
 * The parameters of availability and slots, checked but with ids still as given (see
 * docs/ARCHITECTURE.md, "HTTP API (`src/plugin/features/<name>/…-endpoint.ts`, `src/plugin/shared/http`)").
 */
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

/** `resources` as ids: one comma-separated text, or several (`resources=1&resources=2,3`); null if neither. */
const listedIds = (value: unknown): null | string[] => {
  const parts = typeof value === 'string' ? [value] : Array.isArray(value) ? value : null
  if (parts === null || !parts.every((part) => typeof part === 'string')) {
    return null
  }
  return (parts as string[]).flatMap((part) => part.split(',')).map((id) => id.trim()).filter((id) => id !== '')
}

/**
 * Reads and checks the query of availability or slots. `missing` is the refusal for an absent
 * resource, date or service, whose body key differs between the two endpoints (see
 * docs/ARCHITECTURE.md, "HTTP API (`src/plugin/features/<name>/…-endpoint.ts`, `src/plugin/shared/http`)").
 */
export const parseSlotQuery = (req: PayloadRequest, missing: RequestError): SlotQuery => {
  const resource = queryParam(req, 'resource')
  const service = queryParam(req, 'service')
  const date = queryParam(req, 'date')
  if (resource.kind === 'absent' || service.kind === 'absent' || date.kind === 'absent') {
    throw missing
  }
  if (resource.kind !== 'text' || service.kind !== 'text') {
    throw errorBody(400, MESSAGES.singleIds)
  }
  if (date.kind !== 'text' || !isCalendarDate(date.value)) {
    throw errorBody(400, MESSAGES.invalidDate)
  }
  if (!isSupportedDate(date.value)) {
    throw errorBody(400, MESSAGES.dateOutOfRange)
  }

  let guestCount = 1
  const guests = queryParam(req, 'guestCount')
  if (guests.kind !== 'absent') {
    const count = guests.kind === 'text' ? parseWholeNumber(guests.value) : null
    if (count === null) {
      throw errorBody(400, MESSAGES.guestCount)
    }
    guestCount = Math.max(1, count)
  }

  let duration: null | number = null
  const length = queryParam(req, 'duration')
  if (length.kind !== 'absent') {
    duration = length.kind === 'text' ? parseWholeNumber(length.value) : null
    if (duration === null || duration < 1) {
      throw errorBody(400, MESSAGES.duration)
    }
  }

  let resources: null | string[] = null
  const listed = queryParam(req, 'resources')
  if (listed.kind !== 'absent') {
    const ids = listedIds(listed.value)
    if (ids === null) {
      throw errorBody(400, MESSAGES.resourcesList)
    }
    if (ids.length > LIMITS.maxResources) {
      throw errorBody(400, MESSAGES.tooManyResources)
    }
    resources = ids.length > 0 ? [...new Set(ids)] : null
  }

  const excluded = queryParam(req, 'exclude')
  if (excluded.kind !== 'absent' && excluded.kind !== 'text') {
    throw errorBody(400, MESSAGES.singleExclude)
  }
  const exclude = excluded.kind === 'text' ? excluded.value : null

  return { date: date.value, duration, exclude, guestCount, resource: resource.value, resources, service: service.value }
}
