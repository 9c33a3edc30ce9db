import type { AppendRequest, AppendResult } from '../../store.js'
import type { SqlEvents } from './database.js'
import type { Insert, InsertStatement } from './insert.js'
import type { Target } from './reads.js'

import { WrongExpectedRevisionError } from '../../store.js'
import { inStreamOrder, toRecorded, toRow } from '../payload-rows.js'
import { InsertRefused, ROWS_PER_INSERT } from './insert.js'
import { prepareHead, targetIn } from './reads.js'

/** What appends work with: the table and database, the dialect's insert and its statements, and heads read outside any transaction. */
export interface Writer {
  insert: Insert
  root: Target
  source: SqlEvents
  statement: InsertStatement
}

/** Writes one request, `ROWS_PER_INSERT` rows per statement, each at the head the previous one left. */
const write = async ({ insert, statement }: Writer, target: Target, request: AppendRequest): Promise<AppendResult> => {
  const { expectedRevision, stream } = request
  const rows = request.events.map((event, index) => toRow(event, stream, expectedRevision + 1 + index))
  if (rows.length === 0) {
    const actual = await target.head(stream)
    if (actual !== expectedRevision) {
      throw new WrongExpectedRevisionError(stream, expectedRevision, actual)
    }
  }
  for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
    const batch = rows.slice(from, from + ROWS_PER_INSERT)
    let written: number
    try {
      written = await insert(target.db, statement(batch, [{ expectedRevision: expectedRevision + from, stream }]))
    } catch (error) {
      throw new InsertRefused(error, [{ expectedRevision, revision: batch[0].revision, stream }])
    }
    if (written === 0) {
      throw new WrongExpectedRevisionError(stream, expectedRevision, await target.head(stream))
    }
  }
  return { events: rows.map(toRecorded), nextRevision: expectedRevision + rows.length, stream }
}

/** A refused insert is a lost race when a stream now reaches the revision it wrote at; else the real error. */
export const explain = async (root: Target, error: unknown): Promise<unknown> => {
  if (!(error instanceof InsertRefused)) {
    return error
  }
  for (const { expectedRevision, revision, stream } of error.targets) {
    const actual = await root.head(stream)
    if (actual >= revision) {
      return new WrongExpectedRevisionError(stream, expectedRevision, actual)
    }
  }
  return error.reason
}

const run = async <T>(writer: Writer, work: (target: Target) => Promise<T>, transaction: boolean): Promise<T> => {
  const { root, source } = writer
  try {
    if (transaction && source.dialect === 'postgres') {
      // The head is read in the transaction only after an insert wrote nothing.
      return await source.db.transaction((tx) => work(targetIn(tx, () => prepareHead(source.table, tx))))
    }
    return await work(root)
  } catch (error) {
    throw await explain(root, error)
  }
}

/** More rows than one statement takes: PostgreSQL writes them in one transaction; SQLite cannot. */
export const writeInTransaction = (writer: Writer, requests: AppendRequest[]): Promise<AppendResult[]> => {
  if (writer.source.dialect !== 'postgres') {
    throw new Error(`An atomic append takes at most ${ROWS_PER_INSERT} events on SQLite`)
  }
  return run(
    writer,
    async (target) => {
      const results: AppendResult[] = []
      for (const index of inStreamOrder(requests)) {
        results[index] = await write(writer, target, requests[index])
      }
      return results
    },
    true,
  )
}

export const append = (writer: Writer, request: AppendRequest): Promise<AppendResult> =>
  run(writer, (target) => write(writer, target, request), request.events.length > ROWS_PER_INSERT)
