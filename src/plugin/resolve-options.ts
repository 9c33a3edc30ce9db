import type { Config } from 'payload'

import type { ReserveLedgerOptions, ResolvedOptions } from './options.js'

import { DEFAULT_MAX_WAITLIST_ENTRIES } from '../commands/waitlist-decider.js'
import { configError } from './config-error.js'
import { DEFAULT_ADMIN_GROUP } from './shared/labels.js'
import { DEFAULT_STATUS_MACHINE } from './options.js'
import { validateStatusMachine } from './validate-status-machine.js'
import { isStringArray } from './shared/validation/is-string-array.js'
import { isTimeZone } from './shared/validation/is-time-zone.js'
import { notificationHooks } from './features/notifications/index.js'

const DEFAULT_LEAVE_TYPES = ['vacation', 'sick', 'training', 'other']

// setInterval fires immediately for delays above a signed 32-bit millisecond count.
const MAX_TIMER_MS = 2_147_483_647

const HOOK_NAMES = [
  'afterBookingCancel',
  'afterBookingConfirm',
  'afterBookingCreate',
  'afterStatusChange',
  'afterWaitlistOffer',
  'beforeBookingCancel',
  'beforeBookingConfirm',
  'beforeBookingCreate',
] as const
const ACCESS_KEYS = ['customers', 'reservations', 'resources', 'schedules', 'services'] as const
const COMPONENT_NAMES = [
  'availabilityOverview',
  'calendarView',
  'customerField',
  'dashboardWidget',
  'reservationDetail',
  'slotPicker',
] as const

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.length > 0

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const requireString = (name: string, value: unknown): void => {
  if (!isNonEmptyString(value)) {
    throw configError(`${name} must be a non-empty string`)
  }
}

const requireWholeMinutes = (name: string, value: number, min: number, max: number): void => {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw configError(`${name} must be a whole number of minutes from ${min} to ${max}`)
  }
}

const validateSlugs = (resolved: Pick<ResolvedOptions, 'slugs' | 'staffCollection' | 'userCollection'>): void => {
  const seen = new Map<string, string>()
  for (const [key, slug] of Object.entries(resolved.slugs)) {
    requireString(`slugs.${key}`, slug)
    const other = seen.get(slug)
    if (other !== undefined) {
      throw configError(`slugs must be distinct: "${slug}" names both ${other} and ${key}`)
    }
    seen.set(slug, key)
  }
  requireString('staffCollection', resolved.staffCollection)
  // Staff may share the customers' auth collection (userCollection mode), never a plugin collection.
  const clash = seen.get(resolved.staffCollection)
  if (clash !== undefined && !(clash === 'customers' && resolved.userCollection !== undefined)) {
    throw configError(`staffCollection "${resolved.staffCollection}" must not be the plugin's ${clash} collection`)
  }
}

const validateRolesAndOwnership = (resolved: Pick<ResolvedOptions, 'resourceOwnerMode' | 'resourceTypes' | 'roles' | 'staffProvisioning'>): void => {
  requireString('roles.field', resolved.roles.field)
  if (!isStringArray(resolved.roles.privileged, { nonEmpty: false })) {
    throw configError('roles.privileged must be an array of strings')
  }
  const ownerMode = resolved.resourceOwnerMode
  if (ownerMode !== undefined) {
    if (!isStringArray(ownerMode.adminRoles, { nonEmpty: true })) {
      throw configError('resourceOwnerMode.adminRoles must be a non-empty array of strings')
    }
    requireString('resourceOwnerMode.ownerField', ownerMode.ownerField)
  }
  const provisioning = resolved.staffProvisioning
  if (provisioning === undefined) {
    return
  }
  if (ownerMode === undefined) {
    throw configError('staffProvisioning requires resourceOwnerMode (provisioned resources are owned by their staff user)')
  }
  if (!isStringArray(provisioning.staffRoles, { nonEmpty: true })) {
    throw configError('staffProvisioning.staffRoles must be a non-empty array of strings')
  }
  if (!resolved.resourceTypes.includes(provisioning.resourceType)) {
    throw configError(
      `staffProvisioning.resourceType "${String(provisioning.resourceType)}" must be one of resourceTypes (${resolved.resourceTypes.join(', ')})`,
    )
  }
  requireString('staffProvisioning.roleField', provisioning.roleField)
  if (provisioning.nameFrom !== undefined) {
    requireString('staffProvisioning.nameFrom', provisioning.nameFrom)
  }
  if (provisioning.beforeCreate !== undefined && typeof provisioning.beforeCreate !== 'function') {
    throw configError('staffProvisioning.beforeCreate must be a function')
  }
}

const validateCallbacks = (resolved: ResolvedOptions, hooks: unknown): void => {
  if (hooks !== undefined && !isPlainObject(hooks)) {
    throw configError('hooks must be an object')
  }
  // Unknown names are checked on the raw option: resolving keeps only the known ones.
  const unknownHook = Object.keys(hooks ?? {}).find((name) => !(HOOK_NAMES as readonly string[]).includes(name))
  if (unknownHook !== undefined) {
    throw configError(`hooks.${unknownHook} is not a known hook (${HOOK_NAMES.join(', ')})`)
  }
  for (const name of HOOK_NAMES) {
    const callbacks: unknown = resolved.hooks[name]
    if (!Array.isArray(callbacks) || !callbacks.every((callback) => typeof callback === 'function')) {
      throw configError(`hooks.${name} must be an array of functions`)
    }
  }
  if (!isPlainObject(resolved.access)) {
    throw configError('access must be an object keyed by collection')
  }
  for (const [key, operations] of Object.entries(resolved.access)) {
    if (!(ACCESS_KEYS as readonly string[]).includes(key)) {
      throw configError(`access.${key} is not a collection of the plugin (${ACCESS_KEYS.join(', ')})`)
    }
    if (!isPlainObject(operations)) {
      throw configError(`access.${key} must be an object of access functions`)
    }
    const bad = Object.entries(operations).find(([, fn]) => typeof fn !== 'function')
    if (bad !== undefined) {
      throw configError(`access.${key}.${bad[0]} must be a function`)
    }
  }
  validateCustomisation(resolved)
  const store: unknown = resolved.eventStore
  const validStore =
    typeof store === 'function' ||
    (isPlainObject(store) &&
      (store.kind === 'payload' ||
        (store.kind === 'eventstoredb' && isNonEmptyString(store.connectionString)) ||
        isJetStreamChoice(store)))
  if (!validStore) {
    throw configError(
      "eventStore must be { kind: 'payload' }, { kind: 'eventstoredb', connectionString }, { kind: 'jetstream', servers, stream?, replicas? } or a function returning an EventStore",
    )
  }
}

/** A JetStream stream name is also the first token of its subjects: letters, digits, `-` and `_`. */
const JETSTREAM_NAME = /^[A-Za-z0-9_-]+$/

const isJetStreamChoice = ({ kind, replicas, servers, stream }: Record<string, unknown>): boolean =>
  kind === 'jetstream' &&
  (isNonEmptyString(servers) || isStringArray(servers, { nonEmpty: true })) &&
  (stream === undefined || (typeof stream === 'string' && JETSTREAM_NAME.test(stream))) &&
  (replicas === undefined || (Number.isInteger(replicas) && (replicas as number) >= 1 && (replicas as number) <= 5))

/** `collectionOverrides` keyed by the plugin's collections; `components` by its components, each a path or `false`. */
const validateCustomisation = ({ collectionOverrides, components }: ResolvedOptions): void => {
  if (!isPlainObject(collectionOverrides)) {
    throw configError('collectionOverrides must be an object keyed by collection')
  }
  for (const [key, override] of Object.entries(collectionOverrides)) {
    if (!(ACCESS_KEYS as readonly string[]).includes(key)) {
      throw configError(`collectionOverrides.${key} is not a collection of the plugin (${ACCESS_KEYS.join(', ')})`)
    }
    if (!isPlainObject(override)) {
      throw configError(`collectionOverrides.${key} must be a partial collection config`)
    }
    if (override.fields !== undefined && typeof override.fields !== 'function') {
      throw configError(`collectionOverrides.${key}.fields must be a function ({ defaultFields }) => fields`)
    }
    // A draft is saved as a version, not as the document, and the ledger appends in that save.
    if (key === 'reservations' && isPlainObject(override.versions) && override.versions.drafts) {
      throw configError('collectionOverrides.reservations.versions cannot have drafts: every change of a reservation is a ledger event')
    }
  }
  if (!isPlainObject(components)) {
    throw configError('components must be an object keyed by component')
  }
  for (const [key, value] of Object.entries(components)) {
    if (!(COMPONENT_NAMES as readonly string[]).includes(key)) {
      throw configError(`components.${key} is not a component of the plugin (${COMPONENT_NAMES.join(', ')})`)
    }
    if (value !== false && !isNonEmptyString(value)) {
      throw configError(`components.${key} must be a component path or false`)
    }
  }
}

/** The booking window, holds, the calendar feeds and the external busy resolver. */
const validateWindowAndFeeds = (resolved: Pick<ResolvedOptions, 'bookingWindow' | 'calendarFeeds' | 'feeds' | 'getExternalBusy' | 'holdMinutes' | 'maxFlexibleDuration' | 'maxHoldsPerCaller' | 'maxWaitlistEntriesPerCaller' | 'webhooks'>): void => {
  const window = resolved.bookingWindow
  requireWholeMinutes('bookingWindow.minNoticeMinutes', window.minNoticeMinutes, 0, 525_600)
  if (window.maxAdvanceDays !== null && (!Number.isInteger(window.maxAdvanceDays) || window.maxAdvanceDays < 1 || window.maxAdvanceDays > 3660)) {
    throw configError('bookingWindow.maxAdvanceDays must be a whole number of days from 1 to 3660, or null')
  }
  requireWholeMinutes('holdMinutes', resolved.holdMinutes, 1, 1440)
  requireWholeMinutes('maxFlexibleDuration', resolved.maxFlexibleDuration, 1, 525_600)
  if (!Number.isInteger(resolved.maxHoldsPerCaller) || resolved.maxHoldsPerCaller < 1 || resolved.maxHoldsPerCaller > 1000) {
    throw configError('maxHoldsPerCaller must be a whole number from 1 to 1000')
  }
  const maxWaiting = resolved.maxWaitlistEntriesPerCaller
  if (!Number.isInteger(maxWaiting) || maxWaiting < 1 || maxWaiting > 1000) {
    throw configError('maxWaitlistEntriesPerCaller must be a whole number from 1 to 1000')
  }
  const feeds = resolved.calendarFeeds
  requireWholeMinutes('calendarFeeds.refreshMinutes', feeds.refreshMinutes, 1, 1440)
  if (!Number.isInteger(feeds.horizonDays) || feeds.horizonDays < 1 || feeds.horizonDays > 3660) {
    throw configError('calendarFeeds.horizonDays must be a whole number of days from 1 to 3660')
  }
  if (typeof feeds.allowPrivateNetworks !== 'boolean') {
    throw configError('calendarFeeds.allowPrivateNetworks must be a boolean')
  }
  const { allowPrivateNetworks, maxAttempts } = resolved.webhooks
  if (typeof allowPrivateNetworks !== 'boolean' || !Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > 50) {
    throw configError('webhooks must be { allowPrivateNetworks?: boolean, maxAttempts?: a whole number from 1 to 50 }')
  }
  if (resolved.feeds.describe !== null && typeof resolved.feeds.describe !== 'function') {
    throw configError('feeds.describe must be a function')
  }
  if (resolved.getExternalBusy !== null && typeof resolved.getExternalBusy !== 'function') {
    throw configError('getExternalBusy must be a function')
  }
}

const validate = (resolved: ResolvedOptions, options: ReserveLedgerOptions): void => {
  requireString('adminGroup', resolved.adminGroup)
  for (const name of ['allowGuestBooking', 'debug', 'disabled', 'enforceActive', 'hashChain', 'inProcessTimers', 'waitlistAutoOffer'] as const) {
    if (typeof resolved[name] !== 'boolean') {
      throw configError(`${name} must be a boolean`)
    }
  }
  if (!isStringArray(resolved.resourceTypes, { nonEmpty: true })) {
    throw configError('resourceTypes must be a non-empty array of strings')
  }
  if (!isStringArray(resolved.leaveTypes, { nonEmpty: true })) {
    throw configError('leaveTypes must be a non-empty array of strings')
  }
  const notice = resolved.cancellationNoticePeriod
  if (typeof notice !== 'number' || !Number.isFinite(notice) || notice < 0) {
    throw configError('cancellationNoticePeriod must be a non-negative finite number of hours')
  }
  const { graceMs, intervalMs } = resolved.catchUp
  if (typeof graceMs !== 'number' || !Number.isFinite(graceMs) || graceMs < 0) {
    throw configError('catchUp.graceMs must be a non-negative finite number of milliseconds')
  }
  if (!Number.isInteger(intervalMs) || intervalMs < 1 || intervalMs > MAX_TIMER_MS) {
    throw configError(`catchUp.intervalMs must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}`)
  }
  requireWholeMinutes('defaultBufferTime', resolved.defaultBufferTime, 0, 1439)
  validateWindowAndFeeds(resolved)
  requireWholeMinutes('slotInterval', resolved.slotInterval, 1, 1440)
  if (!isTimeZone(resolved.timezone)) {
    throw configError(`timezone "${String(resolved.timezone)}" is not a valid IANA time zone`)
  }
  if (resolved.userCollection !== undefined) {
    requireString('userCollection', resolved.userCollection)
  }
  if (resolved.mediaCollection !== null) {
    requireString('mediaCollection', resolved.mediaCollection)
  }
  validateSlugs(resolved)
  validateRolesAndOwnership(resolved)
  validateStatusMachine(resolved.statusMachine, resolved.cancelledStatus, resolved.confirmedStatus)
  validateCallbacks(resolved, options.hooks)
}

/** When customers may book, and how often the background work runs. */
const timingDefaults = (
  options: ReserveLedgerOptions,
): Pick<
  ResolvedOptions,
  | 'bookingWindow'
  | 'calendarFeeds'
  | 'catchUp'
  | 'holdMinutes'
  | 'maxFlexibleDuration'
  | 'maxHoldsPerCaller'
  | 'maxWaitlistEntriesPerCaller'
  | 'webhooks'
> => ({
  bookingWindow: {
    maxAdvanceDays: options.bookingWindow?.maxAdvanceDays ?? null,
    minNoticeMinutes: options.bookingWindow?.minNoticeMinutes ?? 0,
  },
  calendarFeeds: {
    allowPrivateNetworks: options.calendarFeeds?.allowPrivateNetworks ?? false,
    horizonDays: options.calendarFeeds?.horizonDays ?? 400,
    refreshMinutes: options.calendarFeeds?.refreshMinutes ?? 15,
  },
  catchUp: { graceMs: options.catchUp?.graceMs ?? 3000, intervalMs: options.catchUp?.intervalMs ?? 5000 },
  holdMinutes: options.holdMinutes ?? 10,
  maxFlexibleDuration: options.maxFlexibleDuration ?? 1440,
  maxHoldsPerCaller: options.maxHoldsPerCaller ?? 3,
  maxWaitlistEntriesPerCaller: options.maxWaitlistEntriesPerCaller ?? DEFAULT_MAX_WAITLIST_ENTRIES,
  webhooks: { allowPrivateNetworks: options.webhooks?.allowPrivateNetworks ?? false, maxAttempts: options.webhooks?.maxAttempts ?? 8 },
})

const notificationDefaults = (options: ReserveLedgerOptions): ResolvedOptions['notifications'] => {
  const email = options.notifications?.email
  return {
    email: email
      ? { ...email, language: email.language ?? 'en', reminderHours: email.reminderHours ?? null, timeZone: email.timeZone ?? options.timezone ?? 'UTC' }
      : null,
  }
}

/** The e-mails are hooks after the site's own. */
const withNotificationHooks = (resolved: ResolvedOptions): ResolvedOptions => {
  const extra = notificationHooks(resolved)
  for (const name of Object.keys(extra) as (keyof typeof extra)[]) {
    ;(resolved.hooks[name] as unknown[]) = [...resolved.hooks[name], ...(extra[name] ?? [])]
  }
  return resolved
}

/**
 * Applies every default to the plugin options and validates the result. Throws an Error whose
 * message starts with `payload-reserve-ledger: ` and names the offending option.
 */
export const resolveOptions = (options: ReserveLedgerOptions, host: { localization?: unknown } = {}): ResolvedOptions => {
  const roles = {
    field: options.roles?.field ?? 'role',
    privileged: options.roles?.privileged ?? ['admin', 'staff'],
  }
  const ownerMode = options.resourceOwnerMode
  // A private copy: the resolved options must not alias the exported default.
  const statusMachine = options.statusMachine ?? structuredClone(DEFAULT_STATUS_MACHINE)
  const statuses: unknown = statusMachine?.statuses
  const provisioning = options.staffProvisioning
  const resolved: ResolvedOptions = {
    access: options.access ?? {},
    adminGroup: options.adminGroup ?? DEFAULT_ADMIN_GROUP,
    allowGuestBooking: options.allowGuestBooking ?? false,
    cancellationNoticePeriod: options.cancellationNoticePeriod ?? 24,
    ...timingDefaults(options),
    cancelledStatus: statusMachine?.cancelStatus ?? 'cancelled',
    collectionOverrides: options.collectionOverrides ?? {},
    components: options.components ?? {},
    confirmedStatus:
      statusMachine?.confirmStatus ?? (Array.isArray(statuses) && statuses.includes('confirmed') ? 'confirmed' : null),
    debug: options.debug ?? false,
    defaultBufferTime: options.defaultBufferTime ?? 0,
    disabled: options.disabled ?? false,
    enforceActive: options.enforceActive ?? true,
    eventStore: options.eventStore ?? { kind: 'payload' },
    getExternalBusy: options.getExternalBusy ?? null,
    hashChain: options.hashChain ?? true,
    inProcessTimers: options.inProcessTimers ?? true,
    waitlistAutoOffer: options.waitlistAutoOffer ?? true,
    hooks: Object.fromEntries(HOOK_NAMES.map((name) => [name, options.hooks?.[name] ?? []])) as ResolvedOptions['hooks'],
    leaveTypes: options.leaveTypes ?? [...DEFAULT_LEAVE_TYPES],
    localizedTexts: Boolean(host.localization),
    mediaCollection: options.mediaCollection ?? null,
    multiTenant: { tenantField: options.multiTenant?.tenantField ?? null, tenantTimezoneField: options.multiTenant?.tenantTimezoneField ?? null },
    resourceOwnerMode: ownerMode && { ...ownerMode, ownerField: ownerMode.ownerField ?? 'owner' },
    resourceTypes: options.resourceTypes ?? ['practitioner'],
    roles,
    slotInterval: options.slotInterval ?? 15,
    slugs: {
      customers: options.userCollection ?? 'customers',
      events: 'reservation-events',
      reservations: options.slugs?.reservations ?? 'reservations',
      resources: options.slugs?.resources ?? 'resources',
      schedules: 'schedules',
      services: options.slugs?.services ?? 'services',
    },
    staffCollection: options.staffCollection ?? options.userCollection ?? 'users',
    staffProvisioning: provisioning && { ...provisioning, roleField: provisioning.roleField ?? roles.field },
    statusMachine,
    feeds: { describe: options.feeds?.describe ?? null },
    notifications: notificationDefaults(options),
    timezone: options.timezone ?? 'UTC',
    userCollection: options.userCollection,
  }
  validate(resolved, options)
  return withNotificationHooks(resolved)
}

const requireAuthCollection = (config: Config, name: string, slug: string): void => {
  const collection = config.collections?.find((candidate) => candidate.slug === slug)
  if (collection === undefined) {
    throw configError(`${name} "${slug}" is not a collection of the Payload config`)
  }
  if (!collection.auth) {
    throw configError(`${name} "${slug}" must be an auth collection (auth enabled)`)
  }
}

/**
 * Checks the resolved options against the host config before the plugin adds its collections:
 * userCollection and staffCollection must be existing auth collections, and no plugin slug may
 * collide with a host collection.
 */
export const validateAgainstConfig = (resolved: Pick<ResolvedOptions, 'mediaCollection' | 'slugs' | 'staffCollection' | 'userCollection'>, config: Config): void => {
  if (resolved.userCollection !== undefined) {
    requireAuthCollection(config, 'userCollection', resolved.userCollection)
  }
  requireAuthCollection(config, 'staffCollection', resolved.staffCollection)
  const media = resolved.mediaCollection
  if (media !== null && !config.collections?.some((collection) => collection.slug === media && collection.upload)) {
    throw configError(`mediaCollection "${media}" is not an upload collection of the Payload config`)
  }
  const hostSlugs = new Set((config.collections ?? []).map((collection) => collection.slug))
  for (const [key, slug] of Object.entries(resolved.slugs)) {
    const hostOwned = key === 'customers' && resolved.userCollection !== undefined
    if (!hostOwned && hostSlugs.has(slug)) {
      throw configError(`slugs.${key} "${slug}" collides with an existing collection of the Payload config`)
    }
  }
}
