'use client'
import { ReactSelect } from '@payloadcms/ui'
import React from 'react'

import type { ResourceRecord } from '../../contract/http.js'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'

/** The select's value for no resource in particular. */
const ALL_RESOURCES = ''

interface Props {
  onResource: (resourceId: null | string) => void
  resource: null | string
  resources: null | ResourceRecord[]
}

/** Narrows the calendar to one resource, or shows all. */
export const ResourceFilter: React.FC<Props> = ({ onResource, resource, resources }) => {
  const { t } = useReserveTranslation()
  const options = [
    { label: t('allResources'), value: ALL_RESOURCES },
    ...(resources ?? []).map((one) => ({ label: one.name ?? String(one.id), value: String(one.id) })),
  ]
  return (
    <div className="rl-toolbar__resource">
      <ReactSelect
        isClearable={false}
        isSearchable={options.length > 8}
        onChange={(picked) => {
          const value = Array.isArray(picked) ? picked[0]?.value : picked?.value
          onResource(typeof value === 'string' && value !== ALL_RESOURCES ? value : null)
        }}
        options={options}
        value={options.find((option) => option.value === (resource ?? ALL_RESOURCES))}
      />
    </div>
  )
}
