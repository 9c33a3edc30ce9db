import type { CollectionSlug, Payload } from 'payload'

import type { Schedule } from '../../../availability/schedule.js'
import type { RelationId } from '../../../events/types.js'
import type { TenancyOptions } from '../../options.js'

import { tenancyOf, tenantOfDoc } from '../tenancy/tenancy.js'
import { KeyedCache } from './keyed-cache.js'
import { type ResourceRecord, type ServiceRecord, toResourceRecord, toSchedule, toServiceRecord } from './records.js'

export type ReferenceKind = 'resources' | 'schedules' | 'services'

/**
 * How long another process's change to a service, resource or schedule may go unseen. This
 * process's own changes are seen at once (collection hooks invalidate); bookings are never
 * cached here (the busy index reads the stream head on every query).
 */
const MAX_AGE_MS = 5_000
/**
 * The same while other processes' changes are announced (PostgreSQL NOTIFY, a MongoDB change
 * stream; `followingChanges`): a backstop for a change made past the tables' triggers (by hand
 * in SQL).
 */
const ANNOUNCED_MAX_AGE_MS = 60_000
/** Longer than the gap between a collection hook and the commit of its transaction. */
const SETTLE_MS = 1_000

type Doc = Record<string, unknown>

/**
 * Services, resources and the schedules of each resource, cached per Payload instance so that
 * an availability query costs no reference-data reads when warm and one read per collection
 * when not. Loaded with access bypassed: callers check what the requester may see themselves.
 */
export class ReferenceData {
  readonly #caches = {
    resources: new KeyedCache<ResourceRecord>({ maxAgeMs: MAX_AGE_MS, settleMs: SETTLE_MS }),
    schedules: new KeyedCache<Schedule[]>({ maxAgeMs: MAX_AGE_MS, settleMs: SETTLE_MS }),
    services: new KeyedCache<ServiceRecord>({ maxAgeMs: MAX_AGE_MS, settleMs: SETTLE_MS }),
  }

  constructor(
    private readonly payload: Payload,
    private readonly options: TenancyOptions,
  ) {}

  /** Another process changed a record of `kind` (its notice does not say which). */
  changedElsewhere(kind: string): void {
    if (Object.hasOwn(this.#caches, kind)) {
      this.#caches[kind as ReferenceKind].clear()
    }
  }

  /**
   * Whether other processes' changes are announced to this one from now on. Either way
   * everything is dropped: changes made while nothing was listening went unannounced.
   */
  followingChanges(announced: boolean): void {
    for (const cache of Object.values(this.#caches)) {
      cache.expireAfter(announced ? ANNOUNCED_MAX_AGE_MS : MAX_AGE_MS)
      cache.clear()
    }
  }

  invalidate(kind: ReferenceKind, key: RelationId): void {
    this.#caches[kind].invalidate(String(key))
  }

  /** The resources with these ids that exist, keyed by id as text. */
  resources(ids: readonly RelationId[]): Promise<Map<string, ResourceRecord>> {
    return this.#caches.resources.getMany(ids.map(String), async (missing) =>
      byId(await this.findIn(this.options.slugs.resources, 'id', missing), (doc) => ({
        ...toResourceRecord(doc),
        tenant: this.tenantOf(this.options.slugs.resources, doc),
      })),
    )
  }

  /** Every schedule (active or not) of each resource, keyed by resource id as text. */
  schedules(resourceIds: readonly RelationId[]): Promise<Map<string, Schedule[]>> {
    return this.#caches.schedules.getMany(resourceIds.map(String), async (missing) => {
      const grouped = new Map<string, Schedule[]>(missing.map((id) => [id, []]))
      for (const doc of await this.findIn(this.options.slugs.schedules, 'resource', missing)) {
        const schedule = toSchedule(doc)
        grouped.get(schedule.resource)?.push(schedule)
      }
      return grouped
    })
  }

  /** The services with these ids that exist, keyed by id as text. */
  services(ids: readonly RelationId[]): Promise<Map<string, ServiceRecord>> {
    return this.#caches.services.getMany(ids.map(String), async (missing) =>
      byId(await this.findIn(this.options.slugs.services, 'id', missing), (doc) => ({
        ...toServiceRecord(doc),
        tenant: this.tenantOf(this.options.slugs.services, doc),
      })),
    )
  }

  private tenantOf(collection: CollectionSlug, doc: Doc): null | RelationId {
    return tenantOfDoc(tenancyOf(this.payload, this.options), collection, doc)
  }

  private async findIn(collection: CollectionSlug, field: string, values: string[]): Promise<Doc[]> {
    const { docs } = await this.payload.find({
      collection,
      depth: 0,
      // Availability reads no join (a service's resources): not querying them spares a statement each.
      joins: false,
      overrideAccess: true,
      pagination: false,
      where: { [field]: { in: values } },
    })
    return docs as Doc[]
  }
}

const byId = <T>(docs: Doc[], map: (doc: Doc) => T): Map<string, T> =>
  new Map(docs.map((doc) => [String(doc.id), map(doc)]))

const instances = new WeakMap<Payload, ReferenceData>()

/** The reference data of a Payload instance, created on first use. */
export const referenceData = (payload: Payload, options: TenancyOptions): ReferenceData => {
  let data = instances.get(payload)
  if (!data) {
    data = new ReferenceData(payload, options)
    instances.set(payload, data)
  }
  return data
}

/** The instance's reference data if anything has used it yet (hooks need not create it). */
export const existingReferenceData = (payload: Payload): ReferenceData | undefined => instances.get(payload)
