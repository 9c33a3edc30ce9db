import { MAX_BODY_BYTES, MAX_BODY_DEPTH } from '../../shared/http/json-body.js'
import { LIMITS, MESSAGES } from '../../shared/http/messages.js'
import { MAX_ITEMS } from '../booking/index.js'

/**
 * The OpenAPI 3.1 description of the plugin's HTTP endpoints, served at
 * /api/reserve/openapi.json. Written out by hand, endpoint by endpoint, so that tests can hold
 * it against what is registered and what the handlers answer, and its response schemas against
 * the types of `http/contract.ts` the handlers' bodies satisfy; refusal texts come from
 * MESSAGES, the module the handlers use.
 */

type Json = Record<string, unknown>

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` })

const json = (schema: Json, examples?: Record<string, Json>): Json => ({
  'application/json': { schema, ...(examples ? { examples } : {}) },
})

const ok = (description: string, schema: Json): Json => ({ content: json(schema), description })

/** A refusal whose examples are the exact bodies sent. */
const refusal = (description: string, schema: Json, examples: Record<string, Json>): Json => ({
  content: json(
    schema,
    Object.fromEntries(Object.entries(examples).map(([name, value]) => [name, { value }])),
  ),
  description,
})

const error = (text: string): Json => ({ error: text })
const message = (text: string): Json => ({ message: text })
const payloadError = (text: string): Json => ({ errors: [{ message: text }] })

const query = (name: string, required: boolean, schema: Json, description: string): Json => ({
  description,
  in: 'query',
  name,
  required,
  schema,
})

const id: Json = { oneOf: [{ type: 'string' }, { type: 'integer' }] }
const text: Json = { type: 'string' }
const dateTime: Json = { format: 'date-time', type: 'string' }

/** A hold's holder sees its capacity as free: the parameters naming it. */
const holdParameters: Json[] = [
  query('holdId', false, text, "A live hold of the caller's (`POST /reserve/holds`): its capacity counts as free for them. Ignored once the hold has ended; another caller's live hold answers 403."),
  query('holdToken', false, text, 'For a guest\'s hold: the `holdToken` it was placed with.'),
]

const holdForbidden = refusal("`holdId` names a live hold of another caller.", ref('ErrorBody'), { forbidden: error(MESSAGES.forbidden) })

const slotParameters: Json[] = [
  query('resource', true, text, 'Primary resource id: its schedules and time zone define the day. The caller resource set unless `resources` is given.'),
  query('service', true, text, 'Service id.'),
  query('date', true, { format: 'date', type: 'string' }, 'Local day `YYYY-MM-DD` in the primary resource\'s time zone, from 1900-01-01 to 9998-12-31.'),
  query('guestCount', false, { default: 1, type: 'integer' }, 'Guests, for per-guest capacity. A whole number; values below 1 count as 1.'),
  query('duration', false, { minimum: 1, type: 'integer' }, "Minutes: the length of the slots of a flexible service, from its `duration` to its `maxFlexibleDuration` in steps of its slot interval. Default: the service's duration (a flexible service's shortest). Other services take only their own duration."),
  query('resources', false, text, `Comma-separated resource ids (at most ${LIMITS.maxResources}) replacing \`resource\` as the caller set.`),
  ...holdParameters,
  query('exclude', false, text, "A reservation being moved: its own claim does not count as busy, so the times it may move to are offered. Only for callers who may update it (else 404)."),
]

const slotRefusals = (missing: Json): Record<string, Json> => ({
  dateOutOfRange: error(MESSAGES.dateOutOfRange),
  duration: error(MESSAGES.duration),
  // A fixed 60-minute service asked for 45; a flexible one words its window: "from 30 to 120 minutes, in steps of 15".
  durationNotOffered: error(`${MESSAGES.durationNotOffered} 60 minutes for this service`),
  guestCount: error(MESSAGES.guestCount),
  holdTokenType: error(MESSAGES.holdTokenType),
  invalidDate: error(MESSAGES.invalidDate),
  missingParams: missing,
  resourcesList: error(MESSAGES.resourcesList),
  singleExclude: error(MESSAGES.singleExclude),
  singleIds: error(MESSAGES.singleIds),
  tooManyResources: error(MESSAGES.tooManyResources),
})

const slotNotFound = refusal("Unknown, or not readable, service or resource; on a multi-tenant site also a resource of another tenant than the service's. An `exclude` reservation that is unknown or not the caller's to update.", ref('ErrorBody'), {
  reservation: error(MESSAGES.reservationNotFound),
  resource: error(MESSAGES.resourceNotFound),
  service: error(MESSAGES.serviceNotFound),
})

const schemas: Record<string, Json> = {
  BusyInterval: {
    properties: { end: dateTime, start: dateTime, units: { type: 'integer' } },
    required: ['start', 'end', 'units'],
    type: 'object',
  },
  ErrorBody: { properties: { error: text }, required: ['error'], type: 'object' },
  MessageBody: { properties: { message: text }, required: ['message'], type: 'object' },
  PayloadError: {
    description: "Payload's standard error body; `data.errors` names the fields (e.g. `startTime`, `items.1.startTime`).",
    properties: {
      errors: {
        items: {
          properties: {
            data: {
              properties: {
                errors: {
                  items: { properties: { message: text, path: text }, required: ['message', 'path'], type: 'object' },
                  type: 'array',
                },
              },
              type: 'object',
            },
            message: text,
            name: text,
          },
          required: ['message'],
          type: 'object',
        },
        type: 'array',
      },
    },
    required: ['errors'],
    type: 'object',
  },
  Reservation: {
    additionalProperties: true,
    description:
      "A reservations document at depth 0. Never carries cancellationToken. Written through Payload's collection routes (`/api/reservations`): a signed-in customer moves their own with `PATCH /api/reservations/{id}` and a new `startTime` (and `endTime` for a flexible service, or `resource`), under the booking's rules and the notice period (400 on the field, 409 when taken); any other field that differs answers 403 on it, as does another customer's reservation.",
    properties: {
      customer: { oneOf: [id, { type: 'null' }] },
      endTime: dateTime,
      guest: {
        properties: { email: { type: ['string', 'null'] }, name: { type: ['string', 'null'] }, phone: { type: ['string', 'null'] } },
        type: 'object',
      },
      guestCount: { minimum: 1, type: 'integer' },
      id: text,
      items: { items: { type: 'object' }, type: 'array' },
      notes: { type: ['string', 'null'] },
      resource: id,
      seriesId: { description: 'The recurring booking it is an occurrence of (`recurrence` on POST /reserve/book); null for a single booking.', type: ['string', 'null'] },
      service: id,
      startTime: dateTime,
      status: text,
    },
    required: ['id', 'service', 'resource', 'startTime', 'endTime', 'status'],
    type: 'object',
  },
  SeriesBooked: {
    description: 'A recurring booking: the occurrences booked, in time order, and (with `partial`) those left out.',
    properties: {
      reservations: { items: ref('Reservation'), type: 'array' },
      seriesId: text,
      skipped: {
        items: {
          properties: {
            index: { description: 'Place in the series, 0 for the first.', minimum: 0, type: 'integer' },
            message: { description: 'The local date of the occurrence, then why it was left out.', type: 'string' },
            path: { description: '`recurrence.occurrences.<index>.<field>`', type: 'string' },
            startTime: dateTime,
          },
          required: ['index', 'message', 'path', 'startTime'],
          type: 'object',
        },
        type: 'array',
      },
    },
    required: ['seriesId', 'reservations', 'skipped'],
    type: 'object',
  },
  SeriesPreview: {
    description: 'Every occurrence of a series in series order, as booking it now would find it.',
    properties: {
      occurrences: {
        items: {
          properties: {
            endTime: { ...dateTime, description: 'Where a free occurrence would end.' },
            free: { description: 'Booking the series now would book this occurrence.', type: 'boolean' },
            index: { description: 'Place in the series, 0 for the first.', minimum: 0, type: 'integer' },
            message: { description: 'Not free: the local date of the occurrence, then why, as the booking would refuse it.', type: 'string' },
            path: { description: 'Not free: `recurrence.occurrences.<index>.<field>`, as the booking would name it.', type: 'string' },
            startTime: dateTime,
            taken: { description: 'Not free because its time is taken (a conflict), rather than the schedule, the booking window or the past.', type: 'boolean' },
          },
          required: ['index', 'free', 'startTime'],
          type: 'object',
        },
        type: 'array',
      },
    },
    required: ['occurrences'],
    type: 'object',
  },
  SeriesCancelled: {
    description: 'The occurrences a cancel with `scope` following or series cancelled, the one named first.',
    properties: { reservations: { items: ref('Reservation'), type: 'array' } },
    required: ['reservations'],
    type: 'object',
  },
  ResourceBusy: {
    description:
      'Blocked time; `hold` marks capacity held while a customer checks out (`POST /reserve/holds`), not booked. A hold carries `holdId` and `expiresAt` for privileged staff and for its holder, and `mine` for its holder (who may book it).',
    properties: {
      end: dateTime,
      expiresAt: { ...dateTime, description: 'When the hold ends by itself.' },
      hold: { const: true },
      holdId: text,
      mine: { const: true, description: 'The caller placed the hold: they may book it with `holdId`.' },
      start: dateTime,
      units: { type: 'integer' },
    },
    required: ['start', 'end', 'units'],
    type: 'object',
  },
  Hold: {
    properties: {
      endTime: dateTime,
      expiresAt: { ...dateTime, description: 'When the hold ends by itself and its capacity is free again.' },
      guestCount: { minimum: 1, type: 'integer' },
      holdId: text,
      holdToken: { description: 'Guests only, sent once: present it as `holdToken` to book or release the hold.', type: 'string' },
      items: { items: { type: 'object' }, type: 'array' },
      resource: id,
      service: id,
      startTime: dateTime,
    },
    required: ['holdId', 'expiresAt', 'service', 'resource', 'startTime', 'endTime', 'guestCount', 'items'],
    type: 'object',
  },
  ReservationEvent: {
    properties: {
      actor: {
        description: "`{ kind: 'user', collection, id }`, `{ kind: 'guest' }` or `{ kind: 'system', name }`.",
        type: 'object',
      },
      at: dateTime,
      changes: {
        description:
          "What the event changed, field by field, oldest value first; empty for a booking, a deletion and recovery's bookkeeping. Values as the reservation holds them (relations as ids, items as rows, null where unset). Events of older versions, written without old values, get them from the stream up to the event. A customer reading their own history gets no `notes` and none of the site's own fields here or in `data` (`fields`), and no event that changed only those.",
        items: {
          properties: {
            field: {
              description:
                "One of `startTime`, `endTime`, `resource`, `service`, `guestCount`, `items`, `customer`, `guest`, `notes`, `status`, or the name of a field the site added to reservations (staff only; values as the database stores them, a localized one by locale).",
              type: 'string',
            },
            from: { description: 'The value before the event.' },
            to: { description: 'The value after it.' },
          },
          required: ['field', 'from', 'to'],
          type: 'object',
        },
        type: 'array',
      },
      data: {
        description:
          'The event payload (never the guest token digest). A details change holds `changes` and `previous` (new and old values of the fields it names); a move holds the new plan and `previous` (the schedule before it).',
        type: 'object',
      },
      reason: { type: ['string', 'null'] },
      revision: { minimum: 0, type: 'integer' },
      type: text,
    },
    required: ['type', 'revision', 'data', 'changes', 'actor', 'at', 'reason'],
    type: 'object',
  },
  Slot: { properties: { end: dateTime, start: dateTime }, required: ['start', 'end'], type: 'object' },
}

/** What a body-reading endpoint says about its body's limits. */
const BODY_LIMITS = `The body is JSON text of at most ${MAX_BODY_BYTES.toLocaleString('en-US')} characters (413 beyond), nested at most ${MAX_BODY_DEPTH} levels (400 beyond).`

const bodyTooLarge = (schema: Json, example: Json): Json =>
  refusal(`Body over ${MAX_BODY_BYTES.toLocaleString('en-US')} characters; refused unread.`, schema, { bodyTooLarge: example })

const reservationNotFound = refusal("No reservation has this id, or (multi-tenant sites) it is another tenant's (told only to privileged staff).", ref('MessageBody'), {
  unknown: message(MESSAGES.reservationNotFound),
})

const paths = (api: string): Record<string, Json> => ({
  [`${api}/reservation-customer-search`]: {
    get: {
      description:
        'Searches customers (privileged staff only). Contains-match on email and on name, firstName, lastName and phone where the customers collection has them; in userCollection mode users with privileged roles are left out.',
      operationId: 'searchCustomers',
      parameters: [
        query('search', false, { default: '', type: 'string' }, 'Text to look for.'),
        query('limit', false, { default: LIMITS.searchLimitDefault, maximum: LIMITS.searchLimitMax, minimum: 1, type: 'integer' }, `Page size, kept within 1 to ${LIMITS.searchLimitMax}.`),
        query('page', false, { default: 1, maximum: LIMITS.maxPage, minimum: 1, type: 'integer' }, 'Page number; values below 1 count as 1.'),
      ],
      responses: {
        200: ok('One page of customers.', {
          properties: {
            docs: {
              items: {
                description: 'id and email, plus name, firstName, lastName and phone where the collection has them (null when empty).',
                properties: {
                  email: text,
                  firstName: { type: ['string', 'null'] },
                  id,
                  lastName: { type: ['string', 'null'] },
                  name: { type: ['string', 'null'] },
                  phone: { type: ['string', 'null'] },
                },
                required: ['id', 'email'],
                type: 'object',
              },
              type: 'array',
            },
            hasNextPage: { type: 'boolean' },
            totalDocs: { type: 'integer' },
          },
          required: ['docs', 'hasNextPage', 'totalDocs'],
          type: 'object',
        }),
        400: refusal('Malformed parameter.', ref('MessageBody'), {
          limit: message(MESSAGES.limit),
          page: message(MESSAGES.page),
          search: message(MESSAGES.search),
        }),
        401: refusal('Not signed in.', ref('MessageBody'), { anonymous: message(MESSAGES.unauthorized) }),
        403: refusal('Signed in but not privileged.', ref('MessageBody'), { notPrivileged: message(MESSAGES.forbidden) }),
      },
      summary: 'Search customers',
    },
  },
  [`${api}/reserve/availability`]: {
    get: {
      description:
        'Bookable slots of a service on a local day. The resolved resource set is the caller resources united with the service\'s requiredResources; a slot is offered only when every one is free. Time a resource is busy elsewhere (the site\'s getExternalBusy, its calendar feeds) blocks the whole resource. Slots that have started are left out; an inactive service or resource (`active: false`, unless the plugin\'s `enforceActive` is off), or a resource that does not list the service in its `services`, offers none.',
      operationId: 'getAvailability',
      parameters: slotParameters,
      responses: {
        200: ok('The slots, in start order.', {
          properties: { slots: { items: ref('Slot'), type: 'array' } },
          required: ['slots'],
          type: 'object',
        }),
        400: refusal(
          'Missing parameters answer `{ message }`; every other refusal answers `{ error }`.',
          { oneOf: [ref('MessageBody'), ref('ErrorBody')] },
          slotRefusals(message(MESSAGES.missingSlotParams)),
        ),
        403: holdForbidden,
        404: slotNotFound,
      },
      summary: 'Available slots',
    },
  },
  [`${api}/reserve/book`]: {
    post: {
      description:
        `Creates a reservation: beforeBookingCreate hooks first, then a create of the reservations collection with the requester's access (all collection hooks and booking rules run). ${BODY_LIMITS} A booking takes at most ${MAX_ITEMS} items; more answer 400 on \`items\` before any item is looked up.`,
      operationId: 'book',
      requestBody: {
        content: json({
          additionalProperties: true,
          description: "Any field the site added to reservations (`collectionOverrides.reservations.fields`) is taken as the collection's create takes it, and recorded in the ledger; a series (`recurrence`) refuses them (400 naming each).",
          properties: {
            customer: id,
            endTime: {
              ...dateTime,
              description:
                "For a flexible service, where the booking ends: its length must be from the service's duration to its maxFlexibleDuration, in steps of its slot interval (else 400 on `endTime`); default the shortest. Other services end after their duration; privileged staff may set any end.",
            },
            guest: { properties: { email: text, name: text, phone: text }, type: 'object' },
            guestCount: { default: 1, minimum: 1, type: 'integer' },
            holdId: {
              description:
                "Books this hold of the caller's (`POST /reserve/holds`) under its id and with its capacity, competing with no one. The hold's schedule, customer and guest fill what the body leaves out; a schedule field that differs from the hold's is refused (400 on its path). Another caller's hold answers 403, an ended or booked one 409, an unknown one 404 (path `holdId`).",
              type: 'string',
            },
            holdToken: { description: "A guest's hold token, with `holdId`.", type: 'string' },
            idempotencyKey: text,
            items: { items: { type: 'object' }, maxItems: MAX_ITEMS, type: 'array' },
            notes: text,
            partial: {
              default: false,
              description: 'With `recurrence`: book the occurrences that can be and report the others in `skipped`, instead of refusing the series.',
              type: 'boolean',
            },
            recurrence: {
              description:
                "Books a series: the body's booking repeated on the wall clock of the resource's time zone (a weekly 09:00 stays 09:00 across daylight saving time), at most 52 occurrences. Each occurrence passes every rule a booking does. Give exactly one of `count` and `until`. Without `partial` the series is booked whole or not at all: a refusal names every occurrence refused (path `recurrence.occurrences.<i>.startTime`, its date first in the message). The occurrences share a `seriesId`, an `idempotencyKey` (the series is created once) and, for a guest, one cancellation token. Not with `holdId`.",
              properties: {
                byWeekday: { items: { enum: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], type: 'string' }, minItems: 1, type: 'array', uniqueItems: true },
                count: { maximum: 52, minimum: 1, type: 'integer' },
                frequency: { enum: ['daily', 'weekly'], type: 'string' },
                interval: { default: 1, maximum: 52, minimum: 1, type: 'integer' },
                until: {
                  description: 'The last day (`YYYY-MM-DD`, a local day of the resource, inclusive) or instant (ISO 8601) an occurrence may start; after startTime.',
                  type: 'string',
                },
              },
              required: ['frequency'],
              type: 'object',
            },
            resource: id,
            service: id,
            startTime: dateTime,
          },
          required: ['service', 'resource', 'startTime'],
          type: 'object',
        }),
        required: true,
      },
      responses: {
        201: ok('The created reservation; with `recurrence`, the series.', { oneOf: [ref('Reservation'), ref('SeriesBooked')] }),
        400: refusal(`Invalid booking, a body nested deeper than ${MAX_BODY_DEPTH} levels, or more than ${MAX_ITEMS} items (path \`items\`). An invalid \`recurrence\` (paths \`recurrence.<field>\`, every one wrong named; more than 52 occurrences on \`recurrence.until\`) or \`partial\`; a series with occurrences the rules refuse (outside the schedule or booking window, in the past; paths \`recurrence.occurrences.<i>.startTime\`, each named, time conflicts too). An inactive service or resource (\`enforceActive\`; path \`service\`, \`resource\` or \`items.<i>.service\`/\`items.<i>.resource\`); a resource that does not offer the service (not in its \`services\`; path \`resource\`, or \`items.<i>.resource\` unless the service requires that resource), a flexible service's \`endTime\` outside its window (path \`endTime\`). On a multi-tenant site, records of two tenants (on the path of the one that differs from the service's).`, ref('PayloadError'), {
          bodyNotObject: payloadError(MESSAGES.bodyNotObject),
          bodyTooDeep: payloadError(MESSAGES.bodyTooDeep),
          nulCharacter: payloadError(MESSAGES.nulCharacter),
        }),
        403: { content: json(ref('PayloadError')), description: 'The requester may not create this reservation, or `holdId` names another caller\'s hold (path `holdId`).' },
        404: {
          content: json({ oneOf: [ref('ErrorBody'), ref('PayloadError')] }, {
            customer: { value: error(MESSAGES.customerNotFound) },
            resource: { value: error(MESSAGES.resourceNotFound) },
            service: { value: error(MESSAGES.serviceNotFound) },
          }),
          description:
            "Unknown service or resource (top level or in an item), or unknown customer; on a multi-tenant site also one the requester may not read (another tenant's). An unknown `holdId` answers in Payload's body (path `holdId`).",
        },
        409: {
          content: json(ref('PayloadError')),
          description: 'Capacity conflict, or time the resource is busy elsewhere (getExternalBusy, calendar feeds); the path names the item (`startTime` or `items.<i>.startTime`). A series whose occurrences are refused only for their time being taken names each (`recurrence.occurrences.<i>.startTime`, its local date first in the message), and nothing is booked. With `holdId`: the hold has expired, was released or was booked already (path `holdId`).',
        },
        413: bodyTooLarge(ref('PayloadError'), payloadError(MESSAGES.bodyTooLarge)),
      },
      summary: 'Book',
    },
  },
  [`${api}/reserve/series-preview`]: {
    post: {
      description: `Privileged staff only. Takes the body of a series booking (POST /reserve/book with \`recurrence\`) and answers, for each occurrence, whether booking the series now would book it, and if not why (\`taken\` for a time taken), as the booking decides it (every rule, capacity with earlier occurrences counted). Appends nothing and runs no host hook. ${BODY_LIMITS}`,
      operationId: 'previewSeries',
      requestBody: { content: json({ additionalProperties: true, description: 'As the body of POST /reserve/book with `recurrence`; `partial` and `idempotencyKey` are ignored.', type: 'object' }), required: true },
      responses: {
        200: ok('The occurrences, in series order.', ref('SeriesPreview')),
        400: refusal(`Invalid booking data or \`recurrence\`, refused as POST /reserve/book refuses it (paths \`recurrence.<field>\`), or a body nested deeper than ${MAX_BODY_DEPTH} levels.`, ref('PayloadError'), {
          bodyNotObject: payloadError(MESSAGES.bodyNotObject),
          bodyTooDeep: payloadError(MESSAGES.bodyTooDeep),
          nulCharacter: payloadError(MESSAGES.nulCharacter),
        }),
        401: refusal('Not signed in.', ref('MessageBody'), { anonymous: message(MESSAGES.unauthorized) }),
        403: refusal('Not privileged staff.', ref('MessageBody'), { forbidden: message(MESSAGES.forbidden) }),
        404: { content: json(ref('ErrorBody')), description: 'Unknown service, resource or customer (as book).' },
        413: bodyTooLarge(ref('PayloadError'), payloadError(MESSAGES.bodyTooLarge)),
      },
      summary: 'Preview a series',
    },
  },
  [`${api}/reserve/holds`]: {
    post: {
      description: `Holds capacity while a customer checks out: the body of a booking (the same checks: rules, schedule, window, capacity), claimed for \`holdMinutes\` (the service's, else the plugin's; 10 by default) and then free again by itself. Book it with \`holdId\` on POST /reserve/book, or release it early. A caller other than privileged staff keeps at most \`maxHoldsPerCaller\` live holds (3 by default; a guest counts by e-mail, else phone). ${BODY_LIMITS}`,
      operationId: 'placeHold',
      requestBody: { content: json({ additionalProperties: true, description: 'As the body of POST /reserve/book (without holdId).', type: 'object' }), required: true },
      responses: {
        201: ok('The hold; a guest also gets its `holdToken`.', ref('Hold')),
        400: refusal(`Invalid booking data (as book), or a body nested deeper than ${MAX_BODY_DEPTH} levels.`, ref('PayloadError'), {
          bodyNotObject: payloadError(MESSAGES.bodyNotObject),
          bodyTooDeep: payloadError(MESSAGES.bodyTooDeep),
          nulCharacter: payloadError(MESSAGES.nulCharacter),
        }),
        403: { content: json(ref('PayloadError')), description: 'The requester may not book this.' },
        404: refusal('Unknown service, resource or customer (as book).', ref('ErrorBody'), {
          customer: error(MESSAGES.customerNotFound),
          resource: error(MESSAGES.resourceNotFound),
          service: error(MESSAGES.serviceNotFound),
        }),
        409: { content: json(ref('PayloadError')), description: 'Capacity conflict, as book: the time is booked, held, or busy elsewhere (getExternalBusy, calendar feeds); the path names the item (`startTime` or `items.<i>.startTime`).' },
        413: bodyTooLarge(ref('PayloadError'), payloadError(MESSAGES.bodyTooLarge)),
        429: { content: json(ref('PayloadError')), description: 'The caller keeps `maxHoldsPerCaller` live holds already (path `holdId`): book or release one first.' },
      },
      summary: 'Hold',
    },
  },
  [`${api}/reserve/holds/{id}`]: {
    delete: {
      description: `Releases a hold before it expires. Allowed to its holder (the user, or a guest presenting \`holdToken\` in the body or the query) and to privileged staff; as for cancel, anyone else gets 403 whether or not the hold exists. A hold that ended already is answered as it ended. ${BODY_LIMITS}`,
      operationId: 'releaseHold',
      parameters: [
        { description: 'The hold id.', in: 'path', name: 'id', required: true, schema: text },
        query('holdToken', false, text, "A guest's hold token (or `holdToken` in a JSON body)."),
      ],
      requestBody: { content: json({ properties: { holdToken: text }, type: 'object' }), required: false },
      responses: {
        200: ok('The hold has ended.', {
          properties: { holdId: text, status: { enum: ['released', 'expired'], type: 'string' } },
          required: ['holdId', 'status'],
          type: 'object',
        }),
        400: refusal(`Malformed body (nested deeper than ${MAX_BODY_DEPTH} levels included) or holdToken.`, ref('MessageBody'), {
          bodyNotObject: message(MESSAGES.bodyNotObject),
          bodyTooDeep: message(MESSAGES.bodyTooDeep),
          holdTokenType: message(MESSAGES.holdTokenType),
          nulCharacter: message(MESSAGES.nulCharacter),
        }),
        403: refusal('Neither the holder nor privileged staff (whether or not the hold exists).', ref('MessageBody'), { forbidden: message(MESSAGES.forbidden) }),
        404: refusal('No hold has this id (told only to privileged staff).', ref('MessageBody'), { unknown: message(MESSAGES.holdNotFound) }),
        409: refusal('The hold was booked: cancel the reservation instead.', ref('MessageBody'), { booked: message(MESSAGES.holdBooked) }),
        413: bodyTooLarge(ref('MessageBody'), message(MESSAGES.bodyTooLarge)),
      },
      summary: 'Release a hold',
    },
  },
  [`${api}/reserve/waitlist`]: {
    get: {
      description: `The waitlist entries whose range overlaps \`[start, end)\`, oldest first (at most 500), for privileged staff (on a multi-tenant site, their tenants' entries): the admin's list of a day. Range at most ${LIMITS.maxRangeDays} days.`,
      operationId: 'listWaitlist',
      parameters: [query('start', true, dateTime, 'Range start, an ISO 8601 instant.'), query('end', true, dateTime, 'Range end (exclusive), after start.')],
      responses: {
        200: ok('The entries.', {
          properties: {
            entries: {
              items: {
                properties: {
                  customer: { type: ['string', 'null'] },
                  entryId: text,
                  from: dateTime,
                  guestCount: { minimum: 1, type: 'integer' },
                  guestName: { type: ['string', 'null'] },
                  holdId: { description: 'The hold an offer placed.', type: ['string', 'null'] },
                  joinedAt: dateTime,
                  offerExpiresAt: { description: 'While the offered hold is live: when it expires unless booked. Null before an offer and once the hold was booked, released or expired.', type: ['string', 'null'] },
                  offeredStart: { description: 'The start of the offered hold.', type: ['string', 'null'] },
                  resource: { description: 'Null: any resource that offers the service.', type: ['string', 'null'] },
                  service: text,
                  status: { enum: ['waiting', 'offered', 'left', 'expired'], type: 'string' },
                  to: dateTime,
                },
                required: ['entryId', 'status', 'service', 'resource', 'from', 'to', 'guestCount', 'joinedAt', 'customer', 'guestName', 'holdId', 'offeredStart', 'offerExpiresAt'],
                type: 'object',
              },
              type: 'array',
            },
          },
          required: ['entries'],
          type: 'object',
        }),
        400: refusal('start or end missing or no instant, end not after start, or a range too long.', ref('MessageBody'), { range: message(MESSAGES.waitlistRange) }),
        401: refusal('No session.', ref('MessageBody'), { unauthorized: message(MESSAGES.unauthorized) }),
        403: refusal('Not privileged staff.', ref('MessageBody'), { forbidden: message(MESSAGES.forbidden) }),
      },
      summary: 'List waitlist entries',
    },
    post: {
      description: `Records a wish for a time \`/slots\` had no room at: the service, on a resource or any that offers it, within \`[from, to)\`, for the signed-in customer, a customer staff name, or a guest contact (a name and an e-mail or phone, on a service that allows guests). When capacity that fits is freed (a cancel, a hold's expiry or release), the oldest waiting entry it fits gets a hold for its contact, and the \`afterWaitlistOffer\` hooks tell the host (once). An entry ends when it is offered, left, or at \`to\`. A contact has at most \`maxWaitlistEntriesPerCaller\` entries waiting (5 by default; a customer also when staff join for them, a guest by e-mail, else phone). On a multi-tenant site the entry belongs to its service's tenant. ${BODY_LIMITS}`,
      operationId: 'joinWaitlist',
      requestBody: {
        content: json({
          additionalProperties: false,
          properties: {
            customer: { ...id, description: 'Staff only: the customer the entry is for. A signed-in customer is always their own.' },
            from: { ...dateTime, description: 'The earliest start wanted.' },
            guest: { properties: { email: text, name: text, phone: text }, type: 'object' },
            guestCount: { default: 1, minimum: 1, type: 'integer' },
            resource: { description: 'A resource id, or `"any"` (also when left out).', oneOf: [id, { const: 'any' }] },
            service: id,
            to: { ...dateTime, description: 'The latest end wanted, after from and in the future, at most 92 days after from.' },
          },
          required: ['service', 'from', 'to'],
          type: 'object',
        }),
        required: true,
      },
      responses: {
        201: ok('The entry, waiting; a guest also gets its `token`.', {
          properties: {
            entryId: text,
            from: dateTime,
            guestCount: { minimum: 1, type: 'integer' },
            resource: { oneOf: [id, { type: 'null' }] },
            service: id,
            status: { const: 'waiting' },
            to: dateTime,
            token: { description: 'Guests only, sent once: present it as `token` to leave the waitlist.', type: 'string' },
          },
          required: ['entryId', 'status', 'service', 'resource', 'from', 'to', 'guestCount'],
          type: 'object',
        }),
        400: refusal(
          'Invalid input, every field named by its path: an unknown or inactive service (`service`), a resource that is unknown, inactive or does not offer it (`resource`), `from` or `to` not an instant, `to` not after `from`, passed or too far after it (`to`), `guestCount`, a missing or doubled contact (`guest`), a `customer` the caller may not name, an unknown field; or a malformed body.',
          ref('PayloadError'),
          {
            bodyNotObject: payloadError(MESSAGES.bodyNotObject),
            bodyTooDeep: payloadError(MESSAGES.bodyTooDeep),
            nulCharacter: payloadError(MESSAGES.nulCharacter),
          },
        ),
        413: bodyTooLarge(ref('PayloadError'), payloadError(MESSAGES.bodyTooLarge)),
        429: {
          content: json(ref('PayloadError')),
          description: 'The contact has `maxWaitlistEntriesPerCaller` entries waiting already (path `entryId`): leave one first.',
        },
      },
      summary: 'Join the waitlist',
    },
  },
  [`${api}/reserve/waitlist/{id}`]: {
    delete: {
      description: `Leaves the waitlist. Allowed to whoever joined (the user, or a guest presenting \`token\` in the body or the query) and to privileged staff; as for cancel, anyone else gets 403 whether or not the entry exists. An entry that ended already is answered as it ended. ${BODY_LIMITS}`,
      operationId: 'leaveWaitlist',
      parameters: [
        { description: 'The entry id.', in: 'path', name: 'id', required: true, schema: text },
        query('token', false, text, "A guest's waitlist token (or `token` in a JSON body)."),
      ],
      requestBody: { content: json({ properties: { token: text }, type: 'object' }), required: false },
      responses: {
        200: ok('The entry has ended.', {
          properties: { entryId: text, status: { enum: ['left', 'expired'], type: 'string' } },
          required: ['entryId', 'status'],
          type: 'object',
        }),
        400: refusal(`Malformed body (nested deeper than ${MAX_BODY_DEPTH} levels included) or token.`, ref('MessageBody'), {
          bodyNotObject: message(MESSAGES.bodyNotObject),
          bodyTooDeep: message(MESSAGES.bodyTooDeep),
          nulCharacter: message(MESSAGES.nulCharacter),
          tokenType: message(MESSAGES.waitlistTokenType),
        }),
        403: refusal('Neither whoever joined nor privileged staff (whether or not the entry exists).', ref('MessageBody'), { forbidden: message(MESSAGES.forbidden) }),
        404: refusal('No entry has this id, or (multi-tenant sites) it is of a tenant the staff member does not have; told only to privileged staff.', ref('MessageBody'), { unknown: message(MESSAGES.waitlistEntryNotFound) }),
        409: refusal('The entry was offered a hold: release the hold instead.', ref('MessageBody'), { offered: message(MESSAGES.waitlistOffered) }),
        413: bodyTooLarge(ref('MessageBody'), message(MESSAGES.bodyTooLarge)),
      },
      summary: 'Leave the waitlist',
    },
  },
  [`${api}/reserve/waitlist/{id}/offer`]: {
    post: {
      description: `Offers a time to a waiting entry by hand, for privileged staff (the admin's waitlist panel): as the automatic offer does, a hold for the entry's customer or guest on \`resource\` (the entry's own when it named one) from \`startTime\`, then the entry is offered it and the afterWaitlistOffer hooks run. ${BODY_LIMITS}`,
      operationId: 'offerWaitlist',
      parameters: [{ description: 'The entry id.', in: 'path', name: 'id', required: true, schema: text }],
      requestBody: { content: json({ properties: { resource: id, startTime: dateTime }, required: ['startTime'], type: 'object' }), required: true },
      responses: {
        201: ok('The entry was offered the hold.', {
          properties: { entryId: text, expiresAt: dateTime, holdId: text, resource: id, startTime: dateTime, status: { enum: ['offered'], type: 'string' } },
          required: ['entryId', 'expiresAt', 'holdId', 'resource', 'startTime', 'status'],
          type: 'object',
        }),
        400: refusal(`Malformed body (nested deeper than ${MAX_BODY_DEPTH} levels included), startTime or resource.`, ref('MessageBody'), {
          bodyNotObject: message(MESSAGES.bodyNotObject),
          bodyTooDeep: message(MESSAGES.bodyTooDeep),
          nulCharacter: message(MESSAGES.nulCharacter),
          notOffered: message(MESSAGES.waitlistOfferNotOffered),
          resource: message(MESSAGES.waitlistOfferResource),
          startTime: message(MESSAGES.waitlistOfferStart),
        }),
        401: refusal('No session.', ref('MessageBody'), { unauthorized: message(MESSAGES.unauthorized) }),
        403: refusal('Not privileged staff.', ref('MessageBody'), { forbidden: message(MESSAGES.forbidden) }),
        404: refusal('No entry has this id, or (multi-tenant sites) it is of a tenant the staff member does not have.', ref('MessageBody'), { unknown: message(MESSAGES.waitlistEntryNotFound) }),
        409: refusal('The entry is no longer waiting, or the time is not free.', ref('MessageBody'), {
          notWaiting: message(MESSAGES.waitlistNotWaiting),
          taken: message(MESSAGES.waitlistOfferTaken),
        }),
        413: bodyTooLarge(ref('MessageBody'), message(MESSAGES.bodyTooLarge)),
      },
      summary: 'Offer a time to a waitlist entry',
    },
  },
  [`${api}/reserve/cancel`]: {
    post: {
      description:
        `Cancels a reservation. Allowed to its customer, to privileged staff, and to a guest presenting the cancellation token. Never answers 401. The notice period applies to everyone but privileged staff. With \`scope\` following or series, also the other occurrences of its series the caller may cancel; each is checked first, so a refusal of any (its date in the message) cancels none. ${BODY_LIMITS}`,
      operationId: 'cancel',
      requestBody: {
        content: json({
          properties: {
            reason: { maxLength: LIMITS.maxReasonLength, type: 'string' },
            reservationId: text,
            scope: {
              default: 'one',
              description: '`one`: this reservation. `following`: it and the later occurrences of its series. `series`: it and every occurrence of its series not yet begun.',
              enum: ['one', 'following', 'series'],
              type: 'string',
            },
            token: text,
          },
          required: ['reservationId'],
          type: 'object',
        }),
        required: true,
      },
      responses: {
        200: ok('The cancelled reservation; with `scope` following or series, the occurrences cancelled.', { oneOf: [ref('Reservation'), ref('SeriesCancelled')] }),
        400: refusal(`Malformed request (a body nested deeper than ${MAX_BODY_DEPTH} levels included), or the ledger refused (notice period, transition) in Payload's standard body; a beforeBookingCancel hook that throws refuses on path \`status\` and appends nothing (its own APIError keeps its status).`, {
          oneOf: [ref('MessageBody'), ref('PayloadError')],
        }, {
          bodyNotObject: message(MESSAGES.bodyNotObject),
          bodyTooDeep: message(MESSAGES.bodyTooDeep),
          nulCharacter: message(MESSAGES.nulCharacter),
          reason: message(MESSAGES.reason),
          reservationIdRequired: message(MESSAGES.reservationIdRequired),
          reservationIdType: message(MESSAGES.reservationIdType),
          scope: message(MESSAGES.scope),
        }),
        403: refusal('Neither owner nor privileged, and no valid token (whether or not the reservation exists).', ref('MessageBody'), {
          forbidden: message(MESSAGES.forbidden),
        }),
        404: reservationNotFound,
        413: bodyTooLarge(ref('MessageBody'), message(MESSAGES.bodyTooLarge)),
      },
      summary: 'Cancel',
    },
  },
  [`${api}/reserve/history`]: {
    get: {
      description: "A reservation's ledger events, oldest first: the audit trail. For privileged staff and the reservation's customer.",
      operationId: 'getHistory',
      parameters: [query('reservationId', true, text, 'Reservation id.')],
      responses: {
        200: ok('The events.', {
          properties: { events: { items: ref('ReservationEvent'), type: 'array' }, reservationId: text },
          required: ['reservationId', 'events'],
          type: 'object',
        }),
        400: refusal('Missing or malformed reservationId.', ref('MessageBody'), {
          reservationIdRequired: message(MESSAGES.reservationIdRequired),
          reservationIdType: message(MESSAGES.reservationIdType),
        }),
        401: refusal('Not signed in.', ref('MessageBody'), { anonymous: message(MESSAGES.unauthorized) }),
        403: refusal('Neither privileged nor the reservation\'s customer (whether or not it exists).', ref('MessageBody'), {
          forbidden: message(MESSAGES.forbidden),
        }),
        404: reservationNotFound,
      },
      summary: 'Reservation history',
    },
  },
  [`${api}/reserve/as-of`]: {
    get: {
      description:
        "A resource's calendar as it was at a past instant `at`, from the ledger (the events the store had committed by then): the blocked intervals over [start, end) and the reservations holding them, with their times, status, customer or guest, service, resource, items and guest count then. Privileged staff only, and only what the reservations collection's read access gives them: the reservations it would have let them read then (owner mode, tenants), without the fields its field-level access hides from them, and only their busy time unless they read every reservation.",
      operationId: 'getAsOf',
      parameters: [
        query('resource', true, text, 'Resource id.'),
        query('start', true, dateTime, 'Range start (ISO 8601 instant).'),
        query('end', true, dateTime, 'Range end (ISO 8601 instant), after start.'),
        query('at', true, dateTime, 'The past instant to look from (ISO 8601).'),
      ],
      responses: {
        200: ok('The calendar then.', {
          properties: {
            at: dateTime,
            busy: {
              items: { properties: { end: dateTime, reservationId: text, start: dateTime, units: { type: 'integer' } }, required: ['start', 'end', 'units', 'reservationId'], type: 'object' },
              type: 'array',
            },
            reservations: {
              items: {
                properties: {
                  customer: { oneOf: [id, { type: 'null' }] },
                  endTime: dateTime,
                  fields: { description: 'The fields the site added to reservations, by name, as the database stored them then (a localized one by locale).', type: 'object' },
                  guest: { oneOf: [{ properties: { email: { type: ['string', 'null'] }, name: { type: ['string', 'null'] }, phone: { type: ['string', 'null'] } }, type: 'object' }, { type: 'null' }] },
                  guestCount: { minimum: 1, type: 'integer' },
                  id: text,
                  items: { items: { type: 'object' }, type: 'array' },
                  resource: id,
                  service: id,
                  startTime: dateTime,
                  status: text,
                },
                required: ['id', 'startTime', 'endTime', 'status', 'resource', 'service', 'fields'],
                type: 'object',
              },
              type: 'array',
            },
          },
          required: ['at', 'busy', 'reservations'],
          type: 'object',
        }),
        400: refusal('Missing or malformed parameters.', ref('ErrorBody'), { params: error(MESSAGES.asOfParams) }),
        401: refusal('Not signed in.', ref('ErrorBody'), { anonymous: error(MESSAGES.unauthorized) }),
        403: refusal('Not privileged staff.', ref('ErrorBody'), { forbidden: error(MESSAGES.forbidden) }),
        404: refusal("Unknown resource, or one the requester may not read (another tenant's).", ref('ErrorBody'), { resource: error(MESSAGES.resourceNotFound) }),
      },
      summary: 'The calendar as it was',
    },
  },
  [`${api}/reserve/live`]: {
    get: {
      description:
        "Server-sent events (`text/event-stream`) for a live calendar: a `reservation` event for every change any server process commits to a reservation the caller may read (the reservations collection's read access: owner mode, tenants, a site's own access), sent once the reservation's document shows it, so a client refetching on it reads the change. Its `id` is the change's ledger position; reconnecting with `Last-Event-ID` sends what was missed since first, and `resync` (data `{}`) when more was missed than is replayed: reload what is shown. Keep-alive comments every 15 s. Staff only.",
      operationId: 'getLive',
      parameters: [
        { description: 'The id of the last event received, to resume from.', in: 'header', name: 'Last-Event-ID', required: false, schema: text },
      ],
      responses: {
        200: {
          content: {
            'text/event-stream': {
              schema: {
                description: 'Each `reservation` event carries this as its data, as JSON.',
                properties: { reservationId: text, revision: { description: "The reservation stream's revision the change is: the document's `ledgerRevision` from then on.", minimum: 0, type: 'integer' } },
                required: ['reservationId', 'revision'],
                type: 'object',
              },
            },
          },
          description: 'The event stream, open until the client or the server ends it.',
        },
        401: refusal('Not signed in.', ref('MessageBody'), { anonymous: message(MESSAGES.unauthorized) }),
        403: refusal('Not staff.', ref('MessageBody'), { forbidden: message(MESSAGES.forbidden) }),
      },
      summary: 'Live calendar updates',
    },
  },
  [`${api}/reserve/feeds/{file}`]: {
    get: {
      description:
        "A resource's or a customer's reservations as an iCalendar feed (RFC 5545), opened by the secret of a key in the reservation-feed-keys collection: `<secret>.ics`. Stable UIDs, SEQUENCE counting changes, times in the resource's zone with its VTIMEZONE. Sends ETag and Last-Modified; an unchanged feed answers 304 to If-None-Match.",
      operationId: 'getFeed',
      parameters: [{ description: 'The key\'s secret followed by `.ics`.', in: 'path', name: 'file', required: true, schema: text }],
      responses: {
        200: { content: { 'text/calendar': { schema: text } }, description: 'The feed.' },
        304: { description: 'Unchanged since the ETag sent.' },
        404: refusal('No key has this secret (or it was deleted).', ref('ErrorBody'), { unknown: error('Feed not found') }),
      },
      summary: 'Calendar feed',
    },
  },
  [`${api}/reserve/openapi.json`]: {
    get: {
      operationId: 'getOpenApi',
      responses: { 200: ok('This document.', { type: 'object' }) },
      summary: 'OpenAPI document',
    },
  },
  [`${api}/reserve/resource-availability`]: {
    get: {
      description:
        'Shift windows, time off and busy intervals of a resource over [start, end), plus the busy intervals of the resource pools its services require. Busy intervals are blocked time, buffers included. A date bound is local midnight in the resource\'s time zone; the range may touch at most 92 local days.',
      operationId: 'getResourceAvailability',
      parameters: [
        query('resource', true, text, 'Resource id.'),
        query('start', true, text, 'Inclusive: `YYYY-MM-DD` or a date-time with `Z` or an offset.'),
        query('end', true, text, 'Exclusive: `YYYY-MM-DD` or a date-time with `Z` or an offset.'),
        ...holdParameters,
      ],
      responses: {
        200: ok('The resource over the range.', {
          properties: {
            busy: { items: ref('ResourceBusy'), type: 'array' },
            capacityMode: { enum: ['per-reservation', 'per-guest'], type: 'string' },
            days: {
              items: {
                properties: {
                  date: { format: 'date', type: 'string' },
                  shiftWindows: { items: ref('Slot'), type: 'array' },
                  timeOff: {
                    items: {
                      properties: { end: dateTime, reason: text, start: dateTime, type: text },
                      required: ['start', 'end'],
                      type: 'object',
                    },
                    type: 'array',
                  },
                },
                required: ['date', 'shiftWindows', 'timeOff'],
                type: 'object',
              },
              type: 'array',
            },
            external: {
              description:
                "Time the resource is busy elsewhere (its calendar feeds, the site's getExternalBusy): the whole resource is taken. `label` only for privileged staff.",
              items: {
                properties: { end: dateTime, label: text, start: dateTime },
                required: ['start', 'end'],
                type: 'object',
              },
              type: 'array',
            },
            quantity: { type: 'integer' },
            requiredPools: {
              items: {
                properties: { busy: { items: ref('ResourceBusy'), type: 'array' }, quantity: { type: 'integer' } },
                required: ['quantity', 'busy'],
                type: 'object',
              },
              type: 'array',
            },
          },
          required: ['busy', 'capacityMode', 'quantity', 'days', 'external', 'requiredPools'],
          type: 'object',
        }),
        400: refusal('Missing or malformed parameters.', ref('ErrorBody'), {
          dateOutOfRange: error(MESSAGES.dateOutOfRange),
          holdTokenType: error(MESSAGES.holdTokenType),
          invalidRange: error(MESSAGES.invalidRange),
          missingParams: error(MESSAGES.missingRangeParams),
          rangeOrder: error(MESSAGES.rangeOrder),
          rangeTooLong: error(MESSAGES.rangeTooLong),
          singleResource: error(MESSAGES.singleResource),
        }),
        403: holdForbidden,
        404: refusal('Unknown, or not readable, resource.', ref('ErrorBody'), { resource: error(MESSAGES.resourceNotFound) }),
      },
      summary: 'Resource availability',
    },
  },
  [`${api}/reserve/slots`]: {
    get: {
      description: 'As availability, echoing the date and the guest count after clamping.',
      operationId: 'getSlots',
      parameters: slotParameters,
      responses: {
        200: ok('The slots, in start order.', {
          properties: {
            date: { format: 'date', type: 'string' },
            guestCount: { minimum: 1, type: 'integer' },
            slots: { items: ref('Slot'), type: 'array' },
          },
          required: ['date', 'guestCount', 'slots'],
          type: 'object',
        }),
        400: refusal('Missing or malformed parameters.', ref('ErrorBody'), slotRefusals(error(MESSAGES.missingSlotParams))),
        403: holdForbidden,
        404: slotNotFound,
      },
      summary: 'Slots',
    },
  },
})

/** The document, with paths under the host's API route (`/api` unless configured otherwise). */
export const openApiDocument = (apiRoute: string): Json => ({
  components: { schemas },
  info: {
    description:
      'Booking endpoints of payload-reserve-ledger. Times are UTC ISO 8601 with milliseconds; dates are YYYY-MM-DD. Sessions are Payload\'s own (`payload-token` cookie or `Authorization: JWT <token>`).',
    title: 'payload-reserve-ledger',
    version: '1',
  },
  openapi: '3.1.0',
  paths: paths(apiRoute),
})
