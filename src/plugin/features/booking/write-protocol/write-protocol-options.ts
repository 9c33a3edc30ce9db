import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../../options.js'

/** What the write protocol reads of the options: the request's commands and the document a retry leads to. */
export type WriteProtocolOptions = RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'access' | 'adminGroup' | 'cancelledStatus' | 'components' | 'debug' | 'disabled' | 'slotInterval' | 'statusMachine' | 'timezone'>
