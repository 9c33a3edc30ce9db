import type { RecordId, Related, ResourceRecord } from '../../contract/http.js'

/** Colours a resource without one of its own is given: apart from each other and from the status tones' tints. */
export const RESOURCE_PALETTE = ['#1f77b4', '#2ca02c', '#9467bd', '#e377c2', '#17becf', '#8c564b', '#bcbd22', '#7f7f7f']

const HEX = /^#[0-9a-f]{6}$/i

/** A palette colour by the resource's id: the same in every view and every browser, whatever else is shown. */
const paletteColour = (id: RecordId): string => {
  let hash = 0
  for (const character of String(id)) {
    hash = (hash * 31 + character.charCodeAt(0)) >>> 0
  }
  return RESOURCE_PALETTE[hash % RESOURCE_PALETTE.length]
}

/** A resource's colour on the calendar: its own (`color`), or one from the palette. Null without a resource. */
export const resourceColour = (resource: Related<ResourceRecord>): null | string => {
  if (resource === null || resource === undefined) {
    return null
  }
  if (typeof resource === 'object') {
    return typeof resource.color === 'string' && HEX.test(resource.color) ? resource.color : paletteColour(resource.id)
  }
  return paletteColour(resource)
}
