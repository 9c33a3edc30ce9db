import type { Payload } from 'payload'

import { getTableName } from 'drizzle-orm'

import type { PgClient } from './listen.js'

import { sqlCollection } from '../../events/adapters/payload-sql.js'
import { CHECKPOINTS_COLLECTION } from '../ledger-checkpoints-collection.js'
import { isPgPool } from './listen.js'

/**
 * Which of the processes sharing a database runs catch-up's periodic passes (or follows the
 * ledger live): each of them would otherwise handle every booking of all of them again, a
 * cost per booking growing with the processes. Boot passes are not leased (each process
 * repairs at start what a crash left).
 */
export interface CatchUpLease {
  /** Whether this process holds the lease, taking it if it is free. */
  holds(): Promise<boolean>
  release(): Promise<void>
}

/** Where processes cannot share a lease (SQLite, MongoDB): each one runs its own passes. */
const EVERY_PROCESS: CatchUpLease = { holds: async () => true, release: async () => undefined }

/**
 * On PostgreSQL, a session advisory lock on a connection of its own: held for as long as that
 * connection lives, so a process that dies (or loses its connection) hands the lease on, and
 * another takes it at its next pass. The key is the checkpoints table's, whose checkpoint the
 * passes share.
 */
export const catchUpLease = (payload: Payload, report: (error: unknown) => void): CatchUpLease => {
  const pool = (payload.db as { pool?: unknown }).pool
  const checkpoints = sqlCollection(payload.db, CHECKPOINTS_COLLECTION)
  if (!isPgPool(pool) || checkpoints?.dialect !== 'postgres') {
    return EVERY_PROCESS
  }
  const lock = `hashtext('reserve_catch_up_${getTableName(checkpoints.table)}')`
  let holder: PgClient | undefined
  let taking: Promise<boolean> | undefined
  let released = false
  const lose = (client: PgClient, error?: unknown) => {
    if (holder === client) {
      holder = undefined
      client.release(true)
      if (error) {
        report(error)
      }
    }
  }
  const take = async (): Promise<boolean> => {
    let client: PgClient
    try {
      client = await pool.connect()
    } catch (error) {
      report(error)
      return false
    }
    try {
      const { rows } = await client.query(`SELECT pg_try_advisory_lock(${lock}) AS held`)
      const held = (rows?.[0] as { held?: boolean } | undefined)?.held === true
      if (held && !released) {
        holder = client
        client.on('error', (error) => lose(client, error))
        client.on('end', () => lose(client))
        return true
      }
      // A connection back in the pool must not keep the lock.
      client.release(held)
      return false
    } catch (error) {
      client.release(true)
      report(error)
      return false
    }
  }
  // The server may have ended the holder's session (its lock with it) before the client hears
  // of it: a round trip on that connection, once a pass, tells, so two processes never both
  // believe they hold it.
  const stillHeld = async (client: PgClient): Promise<boolean> => {
    try {
      await client.query('SELECT 1')
      return holder === client
    } catch (error) {
      lose(client, error)
      return false
    }
  }
  const ask = async (): Promise<boolean> => (holder !== undefined && (await stillHeld(holder))) || take()
  return {
    holds() {
      taking ??= ask().finally(() => {
        taking = undefined
      })
      return taking
    },
    async release() {
      released = true
      await taking
      const client = holder
      holder = undefined
      if (client) {
        // Unlocked before the connection closes: the next process to ask takes it at once, not
        // once the server has noticed the session end.
        await client.query(`SELECT pg_advisory_unlock(${lock})`).catch(() => undefined)
        client.release(true)
      }
    },
  }
}
