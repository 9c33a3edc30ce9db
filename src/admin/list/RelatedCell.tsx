'use client'
import type { DefaultCellComponentProps } from 'payload'

import { useTranslation } from '@payloadcms/ui'
import React from 'react'

import type { RecordId } from '../../contract/http.js'

import { useRelatedName } from '../shared/use-related-name.js'
import './related-cell.css'

/** The related record's id as a list cell holds it: Payload hands ids, a populated record its id. */
export const cellId = (value: unknown): null | RecordId => {
  if (typeof value === 'string' || typeof value === 'number') {
    return value === '' ? null : value
  }
  return typeof value === 'object' && value !== null && 'id' in value ? (value as { id: RecordId }).id : null
}

/** The collection a relationship column points to. */
export const relationOf = (field: DefaultCellComponentProps['field']): string =>
  'relationTo' in field && typeof field.relationTo === 'string' ? field.relationTo : ''

/** A related record's name; a placeholder of the same height while it is read, never "none". */
export const RelatedName: React.FC<{ collection: string; id: RecordId }> = ({ collection, id }) => {
  const { t } = useTranslation()
  const name = useRelatedName(collection, id)
  if (name === undefined) {
    return <span aria-busy="true" aria-label={t('general:loading')} className="rl-related-cell__loading" />
  }
  return <>{name ?? `#${id}`}</>
}

/**
 * A relationship column of the reservations list (resource, service): the record's name, read
 * for all rows at once. Payload's own cell reads "<No Resource>" until it has asked, seconds on
 * a long list.
 */
export const RelatedCell: React.FC<DefaultCellComponentProps> = ({ cellData, field }) => {
  const id = cellId(cellData)
  return id === null ? <span>—</span> : <RelatedName collection={relationOf(field)} id={id} />
}
