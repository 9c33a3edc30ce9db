'use client'
import { useEffect, useSyncExternalStore } from 'react'

import type { CustomerRecord, Page, RecordId } from '../../contract/http.js'

import { customerLabel } from './related.js'
import { type Api, useApi } from './use-api.js'
import { recordKey } from './use-record-labels.js'

/** Names by `collection:id`: a string, or null for a record the admin may not read. */
const names = new Map<string, null | string>()
/** Ids asked for and not yet read, by collection: read together, one request per collection. */
const queued = new Map<string, Set<string>>()
const listeners = new Set<() => void>()

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    // The last cell gone (the list left): names are read afresh next time, renames included.
    if (listeners.size === 0) {
      names.clear()
    }
  }
}

const read = async (api: Api, collection: string, ids: string[]): Promise<void> => {
  const found = await api
    .get<Page<CustomerRecord>>(`/${collection}`, { depth: 0, limit: ids.length, where: { id: { in: ids } } })
    .then((page) => page.docs)
    .catch(() => [])
  for (const id of ids) {
    const record = found.find((one) => String(one.id) === id)
    names.set(recordKey(collection, id), record ? customerLabel(record) : null)
  }
  listeners.forEach((listener) => listener())
}

const ask = (api: Api, collection: string, id: string): void => {
  const ids = queued.get(collection) ?? new Set<string>()
  if (names.has(recordKey(collection, id)) || ids.has(id)) {
    return
  }
  if (ids.size === 0) {
    queued.set(collection, ids)
    // Every cell of the page asks in the same render: one read for all of them.
    setTimeout(() => {
      queued.delete(collection)
      void read(api, collection, [...ids])
    })
  }
  ids.add(id)
}

/**
 * The display name of a related record (a customer's as a customer reads: name, else first and
 * last name, else e-mail): undefined while it is read, null where the admin may not read it.
 */
export const useRelatedName = (collection: string, id: null | RecordId): null | string | undefined => {
  const api = useApi()
  const key = id === null ? null : recordKey(collection, id)
  const name = useSyncExternalStore(
    subscribe,
    () => (key === null ? null : names.get(key)),
    () => undefined,
  )
  useEffect(() => {
    if (id !== null) {
      ask(api, collection, String(id))
    }
  }, [api, collection, id])
  return name
}
