import { Writable } from 'node:stream'

import type { EventStore } from '../../../src/events/store.js'

import { exportLedger } from '../../../src/ledger-io/export.js'
import { booking, createLedger, plan, staff } from '../../support/ledger-fixtures.js'

/** A memory ledger with every common kind of history: multi-resource, idempotency key, changes, cancel, delete. */
export const bookedLedger = async () => {
  const { ledger, store } = createLedger({ capacities: { r1: 2, r2: 1, r3: 1 } })
  const first = booking(plan(['r1', 'r2'], '2030-03-01T09:00:00.000Z'))
  const second = booking(plan(['r1'], '2030-03-01T09:00:00.000Z'), { idempotencyKey: 'key-1', notes: 'window' })
  const third = booking(plan(['r3'], '2030-03-02T09:00:00.000Z'), { customer: null, guest: { name: 'Gast' } })
  for (const command of [first, second, third]) {
    await ledger.execute(command, staff)
  }
  const id = (command: typeof first) => command.data.reservationId
  await ledger.execute({ data: { reservationId: id(first), to: 'confirmed' }, type: 'ChangeReservationStatus' }, staff)
  await ledger.execute(
    { data: { plan: plan(['r1'], '2030-03-05T10:00:00.000Z', 90), reservationId: id(second) }, type: 'RescheduleReservation' },
    staff,
  )
  await ledger.execute(
    { data: { changes: { notes: 'aisle' }, reservationId: id(second) }, type: 'UpdateReservationDetails' },
    staff,
  )
  await ledger.cancel(id(third), staff)
  await ledger.execute({ data: { reservationId: id(first) }, type: 'DeleteReservation' }, staff)
  return { ids: [id(first), id(second), id(third)], store }
}

/** A Writable that keeps what it is given. */
export const textSink = () => {
  const chunks: string[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'))
      done()
    },
  })
  return { sink, text: () => chunks.join('') }
}

export const exportText = async (store: EventStore, now = new Date('2031-01-01T00:00:00.000Z')): Promise<string> => {
  const { sink, text } = textSink()
  await exportLedger(store, sink, { now })
  return text()
}

/** Everything a ledger file must carry over, without what each store assigns itself. */
export const portable = async (store: EventStore) =>
  (await store.readAll({ limit: 10_000 })).map(({ data, metadata, revision, stream, type }) => ({
    data,
    metadata,
    revision,
    stream,
    type,
  }))
