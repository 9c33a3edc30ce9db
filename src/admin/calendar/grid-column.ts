import type React from 'react'

import type { ReservationRecord, ResourceRecord } from '../../contract/http.js'
import type { EpochAvailability } from '../shared/capacity.js'

/** One column of a time grid: a day, or a resource's lane on a day. */
export interface GridColumn {
  /** Null while loading, or when the column shows several resources without one schedule. */
  availability: EpochAvailability | null
  date: string
  header: React.ReactNode
  key: string
  reservations: ReservationRecord[]
  /** Whether the column is today, in the plugin's zone: its heading stands out. */
  today?: boolean
  /** The resource a click books; null when the column shows all resources. */
  resource: null | ResourceRecord
}
