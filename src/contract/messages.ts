/**
 * Every text the endpoints answer a refused request with. The handlers and the OpenAPI
 * document both read them from here, so the documented texts are the ones sent. The first
 * six are part of the published API and must not change (see docs/ARCHITECTURE.md,
 * "HTTP API (`src/plugin/features/<name>/…-endpoint.ts`, `src/plugin/shared/http`)").
 */
export const MESSAGES = {
  forbidden: 'Forbidden',
  invalidDate: 'Invalid date format. Expected YYYY-MM-DD',
  invalidRange: 'Invalid start/end date',
  missingRangeParams: 'Missing required query params: resource, start, end',
  missingSlotParams: 'Missing required query params: resource, date, service',
  reservationIdRequired: 'reservationId is required',

  asOfParams: 'resource, start, end and at are required; start, end and at as ISO 8601 instants, end after start',
  bodyNotObject: 'Request body must be a JSON object',
  bodyTooDeep: 'Request body is nested too deeply (at most 16 levels)',
  bodyTooLarge: 'Request body is too large (at most 100,000 characters)',
  customerNotFound: 'Customer not found',
  dateOutOfRange: 'Dates must lie between 1900-01-01 and 9998-12-31',
  duration: 'duration must be a whole number of minutes',
  /** Followed by the lengths the service allows, as `describeDurations` words them. */
  durationNotOffered: 'duration must be',
  guestCount: 'guestCount must be a whole number',
  holdBooked: 'The hold has already been booked; cancel the reservation instead',
  holdNotFound: 'Hold not found',
  holdTokenType: 'holdId and holdToken must be text',
  limit: 'limit must be a whole number',
  waitlistEntryNotFound: 'Waitlist entry not found',
  waitlistOffered: 'The waitlist entry has been offered a hold already; release the hold instead',
  waitlistNotWaiting: 'The waitlist entry is no longer waiting',
  waitlistOfferNotOffered: 'The resource does not offer this service',
  waitlistOfferResource: 'resource is required for an entry that waits for any resource',
  waitlistOfferStart: 'startTime is required, as an ISO 8601 instant',
  waitlistOfferTaken: 'That time is not free for this entry',
  waitlistRange: 'start and end are required, as ISO 8601 instants, end after start and at most 92 days later',
  waitlistTokenType: 'token must be text',
  nulCharacter: 'Text in the request body must not contain NUL characters',
  page: 'page must be a whole number from 1 to 1000000',
  rangeOrder: 'end must be after start',
  rangeTooLong: 'The range from start to end must not span more than 92 days',
  reason: 'reason must be text of at most 1000 characters',
  recurrence: 'recurrence must be an object',
  recurrenceByWeekday: 'recurrence.byWeekday must be a list of distinct weekdays: mon, tue, wed, thu, fri, sat, sun',
  recurrenceCount: 'recurrence.count must be a whole number from 1 to 52',
  recurrenceEnd: 'Give exactly one of recurrence.count and recurrence.until',
  recurrenceFrequency: 'recurrence.frequency must be daily or weekly',
  recurrenceHold: 'A hold is booked on its own, not as a series',
  recurrenceSiteField: "A series does not take the site's own reservation fields: book it, then set them on each booking",
  recurrenceInterval: 'recurrence.interval must be a whole number from 1 to 52',
  recurrenceOnUpdate: 'A series is booked when the booking is created: an update takes no recurrence or partial',
  recurrenceNone: 'The recurrence gives no occurrence: none of its dates falls on its weekdays before until',
  recurrencePartial: 'partial must be true or false',
  recurrenceTooMany: 'A series takes at most 52 occurrences; this one would have more',
  recurrenceUntil: 'recurrence.until must be a date (YYYY-MM-DD) or an ISO 8601 date-time after startTime',
  scope: 'scope must be one, following or series',
  reservationIdType: 'reservationId must be a string',
  reservationNotFound: 'Reservation not found',
  resourceNotFound: 'Resource not found',
  resourcesList: 'resources must be a comma-separated list of ids',
  search: 'search must be text',
  serviceNotFound: 'Service not found',
  singleExclude: 'exclude must be a single reservation id',
  singleIds: 'resource and service must each be a single id',
  singleResource: 'resource must be a single id',
  startTime: 'startTime is required, as an ISO 8601 instant',
  tooManyResources: 'resources may list at most 20 ids',
  unauthorized: 'Unauthorized',
} as const

/**
 * Limits of the HTTP API (see docs/ARCHITECTURE.md,
 * "HTTP API (`src/plugin/features/<name>/…-endpoint.ts`, `src/plugin/shared/http`)").
 */
export const LIMITS = {
  maxPage: 1_000_000,
  maxRangeDays: 92,
  maxReasonLength: 1000,
  maxResources: 20,
  searchLimitDefault: 10,
  searchLimitMax: 50,
} as const

/** Items per booking: as many as the resources one availability query may name. */
export const MAX_ITEMS = LIMITS.maxResources
