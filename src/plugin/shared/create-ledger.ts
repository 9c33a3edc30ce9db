import type { Payload } from 'payload'

import type { BusyIndex } from '../../capacity/busy-index.js'
import type { EventStore } from '../../events/store.js'
import type { ResolvedOptions, TenancyOptions } from '../options.js'

import { Ledger } from '../../commands/ledger.js'
import { CommandRejected } from '../../events/rejection.js'
import { referenceData } from './reference-data/reference-data.js'

/** The command handler, deciding capacity on the reference-data cache's resources. */
export const createLedger = (payload: Payload, options: TenancyOptions & Pick<ResolvedOptions, 'cancellationNoticePeriod' | 'cancelledStatus' | 'maxHoldsPerCaller' | 'statusMachine'>, store: EventStore, busy: BusyIndex): Ledger =>
  new Ledger({
    busy,
    // From the reference-data cache: this process sees its own changes at once, another
    // process's within its lifetime (docs/ARCHITECTURE.md, "Reference data").
    async capacityOf(resourceId) {
      const resource = (await referenceData(payload, options).resources([resourceId])).get(resourceId)
      if (!resource) {
        throw new CommandRejected('invalid', 'Resource not found', 'resource')
      }
      return resource.quantity
    },
    policy: {
      cancelledStatus: options.cancelledStatus,
      maxHoldsPerCaller: options.maxHoldsPerCaller,
      noticePeriodHours: options.cancellationNoticePeriod,
      statusMachine: options.statusMachine,
    },
    store,
  })
