'use client'
import React from 'react'

import type { ExternalSpan } from '../shared/external-busy.js'

import { busyElsewhereName } from '../shared/external-busy.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

interface Props {
  /** The shown resources' time busy elsewhere that day; the marker shows when there is any. */
  spans: ExternalSpan[]
}

/** A month day's sign that a shown resource is busy elsewhere part of it: a small hatched mark. */
export const ExternalMarker: React.FC<Props> = ({ spans }) => {
  const { t } = useReserveTranslation()
  if (spans.length === 0) {
    return null
  }
  const name = busyElsewhereName(
    spans.map((span) => span.label),
    t,
  )
  return <span aria-label={name} className="rl-month__external rl-shade--external" role="img" title={name} />
}
