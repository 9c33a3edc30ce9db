'use client'
import { useEffect, useMemo, useState } from 'react'

import type { AdminSettings, AsOfReservation, AsOfResponse, RecordId, ReservationRecord, ResourceRecord } from '../../contract/http.js'
import type { EpochAvailability } from '../shared/capacity.js'

import { orThrow } from '../../api-client/or-throw.js'
import { useReserveClient } from '../shared/use-reserve-client.js'
import { recordKey, useRecordLabels } from '../shared/use-record-labels.js'

export interface AsOfData {
  error: null | string
  /** The busy intervals then, by resource id; null while loading or when not looking back. */
  busy: Map<string, EpochAvailability['busy']> | null
  reservations: null | ReservationRecord[]
}

type Answers = { answers: [string, AsOfResponse][]; error: null | string; question: string }

/** One as-of answer per resource shown, asked again when the instant, the range or the resources change. */
const useAnswers = (at: null | number, resourceIds: string[], from: number, to: number): Answers | null => {
  const reserve = useReserveClient()
  const ids = resourceIds.join(',')
  const question = `${at}|${ids}|${from}|${to}`
  const [answers, setAnswers] = useState<Answers | null>(null)
  useEffect(() => {
    if (at === null) {
      return
    }
    const controller = new AbortController()
    const query = { at: new Date(at).toISOString(), end: new Date(to).toISOString(), start: new Date(from).toISOString() }
    Promise.all(
      (ids ? ids.split(',') : []).map(async (resource) =>
        [resource, orThrow(await reserve.getAsOf({ query: { ...query, resource } }, { signal: controller.signal }))] as [string, AsOfResponse],
      ),
    )
      .then((loaded) => setAnswers({ answers: loaded, error: null, question }))
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) {
          setAnswers({ answers: [], error: caught instanceof Error ? caught.message : String(caught), question })
        }
      })
    return () => controller.abort()
  }, [at, from, ids, question, reserve, to])
  return answers?.question === question ? answers : null
}

/** A reservation then, with its relations named as the calendar's blocks show them. */
const asRecord = (then: AsOfReservation, name: (collection: string, id: RecordId) => string, slugs: AdminSettings['slugs']): ReservationRecord => ({
  ...then,
  customer: then.customer === undefined || then.customer === null ? then.customer : { id: then.customer, name: name(slugs.customers, then.customer) },
  items: then.items?.map((item) => ({ ...item, resource: { id: item.resource, name: name(slugs.resources, item.resource) } })),
  resource: { id: then.resource, name: name(slugs.resources, then.resource) },
  service: { id: then.service, name: name(slugs.services, then.service) },
})

/**
 * The calendar as the ledger had it at `at` (epoch ms) for the resources shown: the reservations
 * holding them then and their busy intervals, from GET /reserve/as-of. Nothing while `at` is null.
 */
export const useAsOf = (at: null | number, resources: ResourceRecord[], from: number, to: number, settings: AdminSettings): AsOfData => {
  const { slugs } = settings
  const loaded = useAnswers(at, resources.map((one) => String(one.id)), from, to)
  const held = useMemo(
    () => [...new Map((loaded?.answers ?? []).flatMap(([, answer]) => answer.reservations.map((one) => [one.id, one] as const))).values()],
    [loaded],
  )
  const labels = useRecordLabels(
    useMemo(
      () => ({
        [slugs.customers]: held.flatMap((one) => (one.customer === undefined || one.customer === null ? [] : [one.customer])),
        [slugs.resources]: held.flatMap((one) => [one.resource, ...(one.items ?? []).map((item) => item.resource)]),
        [slugs.services]: held.map((one) => one.service),
      }),
      [held, slugs],
    ),
  )
  return useMemo(() => {
    if (at === null || !loaded) {
      return { busy: null, error: null, reservations: null }
    }
    const name = (collection: string, id: RecordId) => labels.get(recordKey(collection, id)) ?? `#${id}`
    const busy = new Map(
      loaded.answers.map(([resource, answer]) => [
        resource,
        answer.busy.map(({ end, start, units }) => ({ end: Date.parse(end), start: Date.parse(start), units })),
      ]),
    )
    return { busy, error: loaded.error, reservations: held.map((one) => asRecord(one, name, slugs)) }
  }, [at, held, labels, loaded, slugs])
}
