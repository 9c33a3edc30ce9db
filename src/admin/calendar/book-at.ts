import type { ResourceRecord } from '../../contract/http.js'

/** A click into free time: its start, the lane's or filter's resource (null for any), and the cell clicked, which a popover anchors at. */
export type BookAt = (start: string, resource: null | ResourceRecord, anchor: HTMLElement) => void
