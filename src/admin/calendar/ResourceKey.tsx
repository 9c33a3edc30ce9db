'use client'
import React from 'react'

import type { ResourceRecord } from '../../contract/http.js'

import { ResourceDot } from '../shared/ResourceDot.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import './resource-key.css'

/** Which colour is which resource: the dots on the bookings and holds, named, above the calendar they colour. */
export const ResourceKey: React.FC<{ resources: ResourceRecord[] }> = ({ resources }) => {
  const { t } = useReserveTranslation()
  if (resources.length === 0) {
    return null
  }
  return (
    <ul aria-label={t('resourceColours')} className="rl-resource-key">
      {resources.map((resource) => (
        <li className="rl-resource-key__entry" data-resource-id={String(resource.id)} key={resource.id}>
          <ResourceDot resource={resource} />
          <bdi>{resource.name}</bdi>
        </li>
      ))}
    </ul>
  )
}
