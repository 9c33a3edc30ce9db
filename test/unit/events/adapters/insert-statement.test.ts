import { jsonb, numeric, PgDialect, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core'
import { integer, numeric as sqliteNumeric, SQLiteSyncDialect, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { describe, expect, it } from 'vitest'

import type { EventsTable } from '../../../../src/events/adapters/payload-sql/database.js'
import type { EventRow } from '../../../../src/events/adapters/payload-rows.js'

import { insertAtHeads, insertStatement } from '../../../../src/events/adapters/payload-sql/insert.js'

// The events table as Payload's SQL adapters build it for the collection.
const tables = {
  postgres: pgTable('reservation_events', {
    data: jsonb('data').notNull(),
    eventId: varchar('event_id').notNull(),
    id: serial('id').primaryKey(),
    metadata: jsonb('metadata').notNull(),
    recordedAt: timestamp('recorded_at', { mode: 'string', precision: 3, withTimezone: true }).notNull(),
    revision: numeric('revision').notNull(),
    stream: varchar('stream').notNull(),
    type: varchar('type').notNull(),
  }) as unknown as EventsTable,
  sqlite: sqliteTable('reservation_events', {
    data: text('data', { mode: 'json' }).notNull(),
    eventId: text('event_id').notNull(),
    id: integer('id').primaryKey(),
    metadata: text('metadata', { mode: 'json' }).notNull(),
    recordedAt: text('recorded_at').notNull(),
    revision: sqliteNumeric('revision').notNull(),
    stream: text('stream').notNull(),
    type: text('type').notNull(),
  }) as unknown as EventsTable,
}
const dialects = { postgres: new PgDialect(), sqlite: new SQLiteSyncDialect() }

const row = (stream: string, revision: number, seed: string): EventRow => ({
  data: { note: `data ${seed} with ? and $1 in it`, quantity: revision },
  eventId: `event-${seed}-${revision}`,
  metadata: { actor: { kind: 'guest' }, at: `2031-06-0${revision % 9}T10:00:00.000Z` } as EventRow['metadata'],
  recordedAt: `2031-06-0${revision % 9}T10:00:0${revision % 9}.000Z`,
  revision,
  stream,
  type: `Type${seed}`,
})

/** Appends of several shapes, each twice with other values: the second reuses the text the first compiled. */
const appends = (seed: string) => [
  { heads: [{ expectedRevision: -1, stream: `reserve-reservation-${seed}` }], rows: [row(`reserve-reservation-${seed}`, 0, seed)] },
  {
    heads: [
      { expectedRevision: 4, stream: `reserve-resource-${seed}-2031-06` },
      { expectedRevision: -1, stream: `reserve-reservation-${seed}` },
    ],
    rows: [row(`reserve-resource-${seed}-2031-06`, 5, seed), row(`reserve-reservation-${seed}`, 0, seed)],
  },
  {
    heads: [{ expectedRevision: 1, stream: `reserve-holder-${seed}` }],
    rows: Array.from({ length: 9 }, (_, index) => row(`reserve-holder-${seed}`, 2 + index, seed)),
  },
]

describe.each(['postgres', 'sqlite'] as const)('the events INSERT on %s', (dialect) => {
  it('is, with its text kept per shape, the statement insertAtHeads builds: the same SQL and the same encoded parameters', () => {
    const table = tables[dialect]
    const statement = insertStatement({ dialect, table })
    for (const seed of ['a', 'b']) {
      for (const { heads, rows } of appends(seed)) {
        const kept = dialects[dialect].sqlToQuery(statement(rows, heads))
        const built = dialects[dialect].sqlToQuery(insertAtHeads(table, rows, heads))
        expect(kept).toEqual(built)
        expect(kept.params).toContain(rows[0].eventId)
      }
    }
  })
})
