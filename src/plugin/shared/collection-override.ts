import type { Access, CollectionConfig } from 'payload'

import type { CollectionOverride } from '../options.js'

type AccessMap = NonNullable<CollectionConfig['access']>
type HookMap = NonNullable<CollectionConfig['hooks']>
type HookName = keyof HookMap

/** Both must allow; two query constraints both apply. */
const bothAllow =
  (first: Access, second: Access): Access =>
  async (args) => {
    const one = await first(args)
    if (!one) {
      return false
    }
    const other = await second(args)
    if (!other) {
      return false
    }
    return one === true ? other : other === true ? one : { and: [one, other] }
  }

const composeAccess = (plugin: AccessMap = {}, host: AccessMap = {}): AccessMap => {
  const composed: Record<string, unknown> = { ...plugin }
  for (const [operation, access] of Object.entries(host)) {
    const own = (plugin as Record<string, unknown>)[operation]
    composed[operation] = typeof own === 'function' && typeof access === 'function' ? bothAllow(own as Access, access as Access) : access
  }
  return composed as AccessMap
}

/** Each hook list: the plugin's, then the override's, except those named in `hostFirst`. */
const mergeHooks = (plugin: HookMap = {}, host: HookMap = {}, hostFirst: readonly HookName[]): HookMap => {
  const merged: Record<string, unknown[]> = Object.fromEntries(
    Object.entries(plugin).map(([name, hooks]) => [name, [...((hooks as unknown[]) ?? [])]]),
  )
  for (const [name, hooks] of Object.entries(host) as [HookName, unknown[] | undefined][]) {
    const own = merged[name] ?? []
    merged[name] = hostFirst.includes(name) ? [...(hooks ?? []), ...own] : [...own, ...(hooks ?? [])]
  }
  return merged as HookMap
}

/**
 * One of the plugin's collections with a site's override merged in (`collectionOverrides`).
 * `hostFirst` names hooks whose override entries run before the plugin's: on reservations the
 * ledger decides in `beforeChange` and appends a delete in `beforeDelete`, so a site's hook there
 * shapes the data the ledger decides on and can refuse before anything is written.
 */
export const withOverride = (
  collection: CollectionConfig,
  override: CollectionOverride | undefined,
  hostFirst: readonly HookName[] = [],
): CollectionConfig => {
  if (!override) {
    return collection
  }
  const { access, admin, fields, hooks, ...rest } = override
  return {
    ...collection,
    ...rest,
    access: composeAccess(collection.access, access),
    admin: { ...collection.admin, ...admin },
    fields: fields ? fields({ defaultFields: collection.fields }) : collection.fields,
    hooks: mergeHooks(collection.hooks, hooks, hostFirst),
    slug: collection.slug,
  }
}
