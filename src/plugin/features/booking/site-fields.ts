import type { FlattenedField, JsonObject, Payload } from 'payload'

import { fieldAffectsData, fieldIsVirtual } from 'payload/shared'

import type { ReservationCommand } from '../../../commands/reservation-commands.js'
import type { SiteFields } from '../../../events/types.js'
import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'

import { sameValue } from '../../../projections/document-differs.js'
import { reservationTenantField } from '../../shared/tenancy/tenancy.js'
import { buildReservationsCollection } from './reservations-collection.js'

/**
 * The fields a site adds to reservations (`collectionOverrides.reservations.fields`, or a plugin
 * after this one) are its own: the ledger records their values as Payload saves them, so that
 * the document, a rebuild, an export and the history keep them (docs/ARCHITECTURE.md, "The
 * site's own fields").
 */

const known = new WeakMap<object, FlattenedField[]>()

/** The top-level fields of the reservations collection that store data and are not the plugin's. */
export const siteFieldsOf = (payload: Payload, options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'access' | 'adminGroup' | 'cancelledStatus' | 'components' | 'disabled' | 'slotInterval' | 'statusMachine' | 'timezone'>): FlattenedField[] => {
  const config = payload.collections[options.slugs.reservations].config
  const cached = known.get(config)
  if (cached) {
    return cached
  }
  const own = new Set<string>(['createdAt', 'updatedAt'])
  for (const field of buildReservationsCollection(options).fields) {
    if (fieldAffectsData(field)) {
      own.add(field.name)
    }
  }
  const tenantField = reservationTenantField(payload, options)
  if (tenantField) {
    own.add(tenantField)
  }
  const fields = config.flattenedFields.filter((field) => !own.has(field.name) && field.type !== 'join' && !fieldIsVirtual(field))
  known.set(config, fields)
  return fields
}

/** The site's fields `data` gives a value, as given (the request's form: one locale's value). */
export const siteInput = (fields: FlattenedField[], data: JsonObject): JsonObject =>
  Object.fromEntries(fields.filter(({ name }) => data[name] !== undefined).map(({ name }) => [name, data[name]]))

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Each of `fields` that `value` has, as stored. */
const storedRow = (payload: Payload, fields: FlattenedField[], value: unknown, inLocale: boolean): unknown =>
  isRecord(value)
    ? { ...value, ...Object.fromEntries(fields.filter(({ name }) => name in value).map((field) => [field.name, stored(payload, field, value[field.name], inLocale)])) }
    : value

/**
 * A value as the database adapter gives it back: a date as ISO text with milliseconds, within
 * groups, tabs, array rows, blocks and locales alike. Everything else is kept as Payload saves it.
 */
const stored = (payload: Payload, field: FlattenedField, value: unknown, inLocale: boolean): unknown => {
  if (field.localized && !inLocale && payload.config.localization && isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([locale, inner]) => [locale, stored(payload, field, inner, true)]))
  }
  switch (field.type) {
    case 'array':
      return Array.isArray(value) ? value.map((row) => storedRow(payload, field.flattenedFields, row, inLocale)) : value
    case 'blocks':
      return Array.isArray(value)
        ? value.map((row) => {
            const slug = isRecord(row) ? row.blockType : undefined
            const block = (field.blockReferences ?? field.blocks)
              .map((entry) => (typeof entry === 'string' ? payload.config.blocks?.find((candidate) => candidate.slug === entry) : entry))
              .find((candidate) => candidate?.slug === slug)
            return block ? storedRow(payload, block.flattenedFields, row, inLocale) : row
          })
        : value
    case 'date': {
      const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN
      return Number.isFinite(ms) ? new Date(ms).toISOString() : value
    }
    case 'group':
    case 'tab':
      return storedRow(payload, field.flattenedFields, value, inLocale)
    default:
      return value
  }
}

/** The site's fields of a document as Payload saves it (all locales), as the ledger records them: JSON, as stored. */
const storedValues = (payload: Payload, fields: FlattenedField[], data: JsonObject): SiteFields =>
  JSON.parse(
    JSON.stringify(
      Object.fromEntries(fields.filter(({ name }) => data[name] !== undefined).map((field) => [field.name, stored(payload, field, data[field.name], false)])),
    ),
  ) as SiteFields

/** What a new reservation records of the site's fields: those with a value. */
export const siteFieldsToBook = (payload: Payload, fields: FlattenedField[], data: JsonObject): SiteFields =>
  Object.fromEntries(Object.entries(storedValues(payload, fields, data)).filter(([, value]) => !sameValue(value, null)))

/**
 * What a save changes of the site's fields: those whose value differs from `shown`, the values
 * the document showed when the request read it. Fields the request left as it read them are
 * not its change, so a concurrent change of them stands.
 */
export const siteFieldChanges = (payload: Payload, fields: FlattenedField[], data: JsonObject, shown: SiteFields): SiteFields =>
  Object.fromEntries(Object.entries(storedValues(payload, fields, data)).filter(([name, value]) => !sameValue(value, shown[name])))

/**
 * The commands of a decided write with the site's fields as Payload saves the document (after
 * every hook): a booking records those with a value, an update those it changes (with the
 * details it changes, first), for the decider to keep what differs from the reservation.
 */
export const withSiteFields = (
  payload: Payload,
  fields: FlattenedField[],
  { commands, operation, reservationId, shown }: { commands: ReservationCommand[]; operation: 'create' | 'update'; reservationId: string; shown: SiteFields },
  data: JsonObject,
): ReservationCommand[] => {
  if (fields.length === 0) {
    return commands
  }
  if (operation === 'create') {
    const booked = siteFieldsToBook(payload, fields, data)
    return Object.keys(booked).length === 0
      ? commands
      : commands.map((command) => (command.type === 'BookReservation' ? { ...command, data: { ...command.data, fields: booked } } : command))
  }
  const changes = siteFieldChanges(payload, fields, data, shown)
  if (Object.keys(changes).length === 0) {
    return commands
  }
  const [first, ...rest] = commands
  return first?.type === 'UpdateReservationDetails'
    ? [{ ...first, data: { ...first.data, changes: { ...first.data.changes, fields: changes } } }, ...rest]
    : [{ data: { changes: { fields: changes }, reservationId }, type: 'UpdateReservationDetails' }, ...commands]
}
