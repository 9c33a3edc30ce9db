import type { CollectionConfig, Config } from 'payload'

import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { ReserveLedgerOptions, ResolvedOptions, RoleOptions, TenancyOptions } from './options.js'
import type { ReserveRuntime, Services } from './services.js'

import { withAdmin } from './shared/admin/registration.js'
import { onRunningConfig } from './shared/config/on-running-config.js'
import { pluginSlices } from './plugin-slices.js'
import { keepErrorDetails } from './shared/http/keep-error-details.js'
import { LEDGER_REJECTION } from './shared/refusals.js'
import { resolveOptions, validateAgainstConfig } from './resolve-options.js'
import { ledgerServices } from './runtime.js'
import { startLedger } from './start-ledger.js'
import { provisionStaffResource } from './staff-provisioning.js'
import { startTenancy } from './shared/tenancy/at-start.js'
import { injectCustomerFields, withDeleteGuard, withRoleField } from './features/catalog/index.js'

// Resolved from this file's path, not `new URL(relative, import.meta.url)`: Next's bundler
// rewrites the latter into something `fileURLToPath` rejects.
// The scripts share this module's extension: `.ts` from the sources, `.js` from the package.
const cliScript = (name: string): string => {
  const here = fileURLToPath(import.meta.url)
  return path.resolve(path.dirname(here), '../cli', `${name}${path.extname(here)}`)
}

/** The host's collections with the plugin's additions: customer fields, the staff's role field, provisioning hook. */
const extendHostCollections = (collections: CollectionConfig[], resolved: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'debug' | 'disabled' | 'statusMachine'>, services: Services<ReserveRuntime>): CollectionConfig[] =>
  collections.map((collection) => {
    let extended = collection
    if (collection.slug === resolved.userCollection) {
      extended = injectCustomerFields(extended, resolved)
      if (!resolved.disabled) {
        extended = withDeleteGuard(extended, resolved, services, 'customers')
      }
    }
    if (collection.slug === resolved.staffCollection) {
      extended = withRoleField(extended, resolved)
    }
    if (collection.slug === resolved.staffCollection && resolved.staffProvisioning && !resolved.disabled) {
      extended = {
        ...extended,
        hooks: {
          ...extended.hooks,
          afterChange: [...(extended.hooks?.afterChange ?? []), provisionStaffResource(resolved)],
        },
      }
    }
    // The plugin's additions reach for the running ledger (the delete guard), as its own collections do.
    return extended === collection ? collection : onRunningConfig(extended)
  })

/**
 * The plugin factory: `plugins: [reserveLedgerPlugin(options)]`. Options are validated when
 * the config is built, so a bad option fails at startup with a message naming it.
 */
export const reserveLedgerPlugin =
  (options: ReserveLedgerOptions = {}) =>
  (config: Config): Config => {
    const resolved = resolveOptions({ staffCollection: config.admin?.user, ...options }, config)
    validateAgainstConfig(resolved, config)

    const slices = pluginSlices(resolved, ledgerServices)
    const withCollections: Config = {
      ...config,
      collections: [...extendHostCollections(config.collections ?? [], resolved, ledgerServices), ...slices.collections],
    }
    if (resolved.disabled) {
      return withCollections
    }

    return {
      // The admin UI needs the endpoints, so it is only registered when they are mounted.
      ...withAdmin(withCollections, resolved),
      endpoints: [...(config.endpoints ?? []), ...slices.endpoints],
      hooks: {
        ...config.hooks,
        // First, so the site's own afterError hooks see the refusal's fields too.
        afterError: [
          keepErrorDetails({
            apiRoute: config.routes?.api ?? '/api',
            collections: [...slices.collections.map(({ slug }) => slug), ...(resolved.userCollection ? [resolved.userCollection] : [])],
            endpoints: slices.endpoints,
          }),
          ...(config.hooks?.afterError ?? []),
        ],
      },
      // A 409 for a taken slot, or a 400 for a query the plugin refuses, is an answer, not a server
      // fault. (Payload types the keys as its own error names, but looks up any error's name.)
      loggingLevels: { ...({ [LEDGER_REJECTION]: 'info' } as Config['loggingLevels']), ...config.loggingLevels },
      jobs: { ...config.jobs, tasks: [...(config.jobs?.tasks ?? []), ...slices.tasks] },
      bin: [
        ...(config.bin ?? []),
        { key: 'reserve:rebuild', scriptPath: cliScript('rebuild') },
        { key: 'reserve:ledger', scriptPath: cliScript('ledger') },
        { key: 'reserve:adopt', scriptPath: cliScript('adopt') },
      ],
      // The ledger starts before the host's own onInit, so a seed there books through it.
      onInit: async (payload) => {
        startTenancy(payload, resolved)
        await startLedger(payload, resolved, async () => {
          await config.onInit?.(payload)
        })
      },
    }
  }
