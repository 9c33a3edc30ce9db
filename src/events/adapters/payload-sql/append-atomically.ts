import type { AppendRequest, AppendResult } from '../../store.js'
import type { Writer } from './append.js'

import { WrongExpectedRevisionError } from '../../store.js'
import { inStreamOrder, toRecorded, toRow } from '../payload-rows.js'
import { explain, writeInTransaction } from './append.js'
import { InsertRefused, ROWS_PER_INSERT } from './insert.js'

/**
 * The requests, taken in `order`, whose heads the database must confirm: a stream's later
 * requests must continue where its earlier ones end, so only its first is checked there.
 */
const headsToCheck = (requests: AppendRequest[], order: number[]): AppendRequest[] => {
  const heads: AppendRequest[] = []
  const ends = new Map<string, number>()
  for (const index of order) {
    const { events, expectedRevision, stream } = requests[index]
    const end = ends.get(stream)
    if (end === undefined) {
      heads.push(requests[index])
    } else if (end !== expectedRevision) {
      throw new WrongExpectedRevisionError(stream, expectedRevision, end)
    }
    ends.set(stream, expectedRevision + events.length)
  }
  return heads
}

/**
 * Several streams in one conditional INSERT: all-or-nothing on both dialects without a
 * transaction (a single statement is atomic), and one round trip. When it writes nothing,
 * the first stream (in name order) not at its expected revision is reported.
 */
const writeTogether = async ({ insert, root, source, statement }: Writer, requests: AppendRequest[]): Promise<AppendResult[]> => {
  const order = inStreamOrder(requests)
  const rowsOf = requests.map(({ events, expectedRevision, stream }) =>
    events.map((event, index) => toRow(event, stream, expectedRevision + 1 + index)),
  )
  const heads = headsToCheck(requests, order)
  const targets = order
    .filter((index) => rowsOf[index].length > 0)
    .map((index) => ({ ...requests[index], revision: rowsOf[index][0].revision }))
  const rows = order.flatMap((index) => rowsOf[index])
  let written = 0
  try {
    written = rows.length === 0 ? 0 : await insert(source.db, statement(rows, heads))
  } catch (error) {
    throw new InsertRefused(error, targets)
  }
  if (written === 0) {
    // Nothing to write (expected revisions only), or a head was not where the caller read it.
    for (const { expectedRevision, stream } of heads) {
      const actual = await root.head(stream)
      if (actual !== expectedRevision) {
        throw new WrongExpectedRevisionError(stream, expectedRevision, actual)
      }
    }
    if (rows.length > 0) {
      // Every head matched when read again: the insert lost to a writer that has since been undone.
      throw new WrongExpectedRevisionError(heads[0].stream, heads[0].expectedRevision)
    }
  }
  return requests.map(({ expectedRevision, stream }, index) => ({
    events: rowsOf[index].map(toRecorded),
    nextRevision: expectedRevision + rowsOf[index].length,
    stream,
  }))
}

export const appendAtomically = async (writer: Writer, requests: AppendRequest[]): Promise<AppendResult[]> => {
  const rows = requests.reduce((sum, { events }) => sum + events.length, 0)
  if (rows > ROWS_PER_INSERT) {
    return writeInTransaction(writer, requests)
  }
  try {
    return await writeTogether(writer, requests)
  } catch (error) {
    throw await explain(writer.root, error)
  }
}
