import type { CollectionBeforeValidateHook, Field, PayloadRequest, Validate } from 'payload'

import { describe, expect, it } from 'vitest'

import { buildResourcesCollection } from '../../../../../src/plugin/features/catalog/resources-collection.js'
import { buildSchedulesCollection } from '../../../../../src/plugin/features/catalog/schedules-collection.js'
import { buildServicesCollection } from '../../../../../src/plugin/features/catalog/services-collection.js'
import { resolveOptions } from '../../../../../src/plugin/resolve-options.js'

/** The field at a dotted path, looking through rows (which add no path segment). */
const fieldAt = (fields: Field[], path: string): Field => {
  const [head, ...rest] = path.split('.')
  const flat = (list: Field[]): Field[] =>
    list.flatMap((field) => (field.type === 'row' ? flat(field.fields) : [field]))
  const found = flat(fields).find((field) => 'name' in field && field.name === head)
  if (!found) {
    throw new Error(`no field ${path}`)
  }
  return rest.length === 0 ? found : fieldAt('fields' in found ? found.fields : [], rest.join('.'))
}

const req = { t: (key: string) => key } as unknown as PayloadRequest

/** Runs a field's validate as Payload does on save. */
const validate = (field: Field, value: unknown, siblingData: Record<string, unknown> = {}) =>
  (field as { validate: Validate }).validate(value, {
    ...field,
    data: {},
    event: 'submit',
    path: [],
    preferences: { fields: {} },
    req,
    siblingData,
  } as unknown as Parameters<Validate>[1])

const resolved = resolveOptions({
  adminGroup: 'Bookings',
  resourceOwnerMode: { adminRoles: ['admin'], ownerField: 'practitioner' },
  resourceTypes: ['room', 'practitioner'],
  slugs: { reservations: 'appointments', resources: 'rooms', services: 'treatments' },
  staffCollection: 'staff',
  timezone: 'Europe/Berlin',
})
const services = buildServicesCollection(resolved)
const resources = buildResourcesCollection(resolved)
const schedules = buildSchedulesCollection(resolved)

describe('collection wiring', () => {
  it('uses the resolved slugs and admin group', () => {
    expect([services.slug, resources.slug, schedules.slug]).toEqual(['treatments', 'rooms', 'schedules'])
    for (const collection of [services, resources, schedules]) {
      expect(collection.admin?.group).toBe('Bookings')
    }
  })

  it('points relationships at the resolved slugs and the owner at the staff collection', () => {
    expect(fieldAt(services.fields, 'requiredResources')).toMatchObject({ hasMany: true, relationTo: 'rooms' })
    expect(fieldAt(resources.fields, 'services')).toMatchObject({ hasMany: true, relationTo: 'treatments' })
    expect(fieldAt(schedules.fields, 'resource')).toMatchObject({ relationTo: 'rooms', required: true })
    expect(fieldAt(services.fields, 'practitioner')).toMatchObject({ relationTo: 'staff', type: 'relationship' })
    expect(fieldAt(resources.fields, 'practitioner')).toMatchObject({ relationTo: 'staff', type: 'relationship' })
  })

  it('offers the configured vocabularies with their first entry as default', () => {
    expect(fieldAt(resources.fields, 'resourceType')).toMatchObject({
      defaultValue: 'room',
      options: [{ value: 'room' }, { value: 'practitioner' }],
    })
    expect(fieldAt(schedules.fields, 'exceptions.type')).toMatchObject({
      defaultValue: 'vacation',
      options: [{ value: 'vacation' }, { value: 'sick' }, { value: 'training' }, { value: 'other' }],
    })
  })

  it('defaults services to fixed, guest booking to inherit, and records to active', () => {
    expect(fieldAt(services.fields, 'durationType')).toMatchObject({ defaultValue: 'fixed' })
    expect(fieldAt(services.fields, 'allowGuestBooking')).toMatchObject({
      defaultValue: 'inherit',
      options: [{ value: 'enabled' }, { value: 'disabled' }, { value: 'inherit' }],
    })
    for (const collection of [services, resources, schedules]) {
      expect(fieldAt(collection.fields, 'active')).toMatchObject({ defaultValue: true, type: 'checkbox' })
    }
  })
})

describe('services', () => {
  const [forceFullDay] = services.hooks?.beforeValidate as CollectionBeforeValidateHook[]
  const runHook = (data: Record<string, unknown>, originalDoc?: Record<string, unknown>) =>
    forceFullDay({ data, originalDoc } as Parameters<CollectionBeforeValidateHook>[0])

  it('forces a full-day service to 1440 minutes, also when an update only changes the type', () => {
    expect(runHook({ duration: 60, durationType: 'full-day' })).toMatchObject({ duration: 1440 })
    expect(runHook({ duration: 30 }, { duration: 1440, durationType: 'full-day' })).toMatchObject({ duration: 1440 })
    expect(runHook({ duration: 45, durationType: 'fixed' })).toMatchObject({ duration: 45 })
  })

  it('requires a whole, positive duration', async () => {
    const duration = fieldAt(services.fields, 'duration')
    expect(await validate(duration, 30)).toBe(true)
    expect(await validate(duration, 0)).not.toBe(true)
    expect(await validate(duration, 12.5)).toBe('Enter a whole number')
    expect(await validate(duration, undefined)).not.toBe(true)
  })

  it('keeps buffers within 0 to 1439 minutes and leaves them optional', async () => {
    const buffer = fieldAt(services.fields, 'bufferTimeAfter')
    expect(await validate(buffer, undefined)).toBe(true)
    expect(await validate(buffer, 0)).toBe(true)
    expect(await validate(buffer, 1439)).toBe(true)
    expect(await validate(buffer, 1440)).not.toBe(true)
    expect(await validate(fieldAt(services.fields, 'bufferTimeBefore'), -5)).not.toBe(true)
  })
})

describe('resources', () => {
  it('defaults the time zone to the plugin option and rejects unknown zones', async () => {
    const timezone = fieldAt(resources.fields, 'timezone')
    expect(timezone).toMatchObject({ defaultValue: 'Europe/Berlin' })
    expect(await validate(timezone, 'America/New_York')).toBe(true)
    expect(await validate(timezone, 'Europe/Atlantis')).toBe('"Europe/Atlantis" is not an IANA time zone')
  })

  it('needs a whole quantity of at least 1, default 1', async () => {
    const quantity = fieldAt(resources.fields, 'quantity')
    expect(quantity).toMatchObject({ defaultValue: 1 })
    expect(await validate(quantity, 3)).toBe(true)
    expect(await validate(quantity, 0)).not.toBe(true)
    expect(await validate(quantity, 1.5)).toBe('Enter a whole number')
  })
})

describe('schedules', () => {
  it('takes recurring windows in HH:mm, up to 24:00, ending after they start', async () => {
    const start = fieldAt(schedules.fields, 'recurringSlots.startTime')
    const end = fieldAt(schedules.fields, 'recurringSlots.endTime')
    expect(await validate(start, '09:00')).toBe(true)
    expect(await validate(start, '24:00')).not.toBe(true)
    expect(await validate(start, '9:00')).not.toBe(true)
    expect(await validate(end, '24:00', { startTime: '18:00' })).toBe(true)
    expect(await validate(end, '17:60', { startTime: '09:00' })).not.toBe(true)
    expect(await validate(end, '09:00', { startTime: '09:00' })).toBe('End time must be after the start time')
    expect(await validate(end, undefined, { startTime: '09:00' })).toBe('validation:required')
  })

  it('offers the seven weekdays', () => {
    const day = fieldAt(schedules.fields, 'recurringSlots.day') as { options: Array<{ value: string }> }
    expect(day.options.map((option) => option.value)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])
  })

  it('takes manual dates as real YYYY-MM-DD days', async () => {
    const date = fieldAt(schedules.fields, 'manualSlots.date')
    expect(date.type).toBe('text')
    expect(await validate(date, '2028-02-29')).toBe(true)
    expect(await validate(date, '2027-02-29')).toBe('Enter a date as YYYY-MM-DD')
    expect(await validate(date, '2027-1-05')).toBe('Enter a date as YYYY-MM-DD')
    expect(await validate(date, '')).toBe('validation:required')
  })

  it('ends an exception on or after its start date, on the start date when left empty', async () => {
    const endDate = fieldAt(schedules.fields, 'exceptions.endDate') as Field & {
      hooks: { beforeValidate: Array<(args: { siblingData: object; value: unknown }) => unknown> }
    }
    expect(await validate(endDate, '2026-08-14', { date: '2026-08-10' })).toBe(true)
    expect(await validate(endDate, '2026-08-10', { date: '2026-08-10' })).toBe(true)
    expect(await validate(endDate, '2026-08-09', { date: '2026-08-10' })).toBe('Must not be before date')
    expect(endDate.hooks.beforeValidate[0]({ siblingData: { date: '2026-08-10' }, value: undefined })).toBe('2026-08-10')
    expect(endDate.hooks.beforeValidate[0]({ siblingData: { date: '2026-08-10' }, value: '2026-08-12' })).toBe('2026-08-12')
  })

  it('lets an exception cover whole days, or a partial window given by both times', async () => {
    const start = fieldAt(schedules.fields, 'exceptions.startTime')
    const end = fieldAt(schedules.fields, 'exceptions.endTime')
    expect(await validate(start, undefined)).toBe(true)
    expect(await validate(end, undefined, {})).toBe(true)
    expect(await validate(end, '12:00', { startTime: '10:00' })).toBe(true)
    expect(await validate(end, undefined, { startTime: '10:00' })).toBe('Set an end time too, or clear the start time')
    expect(await validate(end, '12:00', {})).toBe('Set a start time too, or clear the end time')
  })
})
