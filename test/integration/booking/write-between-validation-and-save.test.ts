import type { Field, Plugin } from 'payload'

import { describe, expect, it } from 'vitest'

import { ledgerServices } from '../../../src/plugin/runtime.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { seedBookable } from '../../support/reserve-payload.js'
import { usePayloadOn } from '../../support/suite-payload.js'

const REFUSED = 'No notes on a confirmed booking'

/**
 * A site's `validate` on notes that depends on the status, and a beforeChange hook after the
 * plugin's that lets another write in once: between the moment Payload validated a decided
 * document and its save, where the ledger appends.
 */
let between: (() => Promise<void>) | null = null
const hostHooks: Plugin = (config) => ({
  ...config,
  collections: (config.collections ?? []).map((collection) =>
    collection.slug !== 'reservations'
      ? collection
      : {
          ...collection,
          fields: collection.fields.map((field) =>
            'name' in field && field.name === 'notes'
              ? ({
                  ...field,
                  validate: (value: unknown, { siblingData }: { siblingData: { status?: string } }) =>
                    typeof value === 'string' && value.startsWith('!') && siblingData.status === 'confirmed' ? REFUSED : true,
                } as Field)
              : field,
          ),
          hooks: {
            ...collection.hooks,
            beforeChange: [
              ...(collection.hooks?.beforeChange ?? []),
              async ({ data }) => {
                const run = between
                between = null
                await run?.()
                return data
              },
            ],
          },
        },
  ),
})

describe.each(testDatabaseKinds())('a write another appends under, after its validation and before its save (%s)', (kind) => {
  const site = usePayloadOn(kind, {}, [hostHooks])

  const book = async (startTime: string) => {
    const { resource, service } = await seedBookable(site.payload)
    return site.payload.create({ collection: 'reservations', data: { resource: resource.id, service: service.id, startTime } })
  }
  const confirmMeanwhile = (id: number | string) => {
    between = async () => {
      await site.payload.update({ collection: 'reservations', data: { status: 'confirmed' }, id })
    }
  }
  const eventTypes = async (id: number | string) =>
    (await ledgerServices.of(site.payload).ledger.history(String(id))).map((event) => event.type)

  it('is decided again on the new state, and the document keeps both writes', async () => {
    const booked = await book('2031-05-05T09:00:00.000Z')
    confirmMeanwhile(booked.id)

    const updated = await site.payload.update({ collection: 'reservations', data: { notes: 'Bring the forms' }, id: booked.id })

    expect(updated).toMatchObject({ notes: 'Bring the forms', status: 'confirmed' })
    const stored = await site.payload.findByID({ collection: 'reservations', id: booked.id })
    expect(stored).toMatchObject({ ledgerRevision: 2, notes: 'Bring the forms', status: 'confirmed' })
    expect(await eventTypes(booked.id)).toEqual(['ReservationBooked', 'ReservationStatusChanged', 'ReservationDetailsUpdated'])
  })

  it('validates the new document before it appends, and refuses it with nothing appended when the site would', async () => {
    const booked = await book('2031-05-06T09:00:00.000Z')
    confirmMeanwhile(booked.id)

    // Valid on the pending booking Payload validated; not on the confirmed one it would now be.
    const attempt = site.payload.update({ collection: 'reservations', data: { notes: '!Call first' }, id: booked.id })

    await expect(attempt).rejects.toMatchObject({ data: { errors: [expect.objectContaining({ message: REFUSED, path: 'notes' })] }, status: 400 })
    expect(await eventTypes(booked.id)).toEqual(['ReservationBooked', 'ReservationStatusChanged'])
    const stored = await site.payload.findByID({ collection: 'reservations', id: booked.id })
    expect(stored).toMatchObject({ ledgerRevision: 1, status: 'confirmed' })
    expect(stored.notes ?? null).toBeNull()
  })
})
