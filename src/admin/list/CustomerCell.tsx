'use client'
import type { DefaultCellComponentProps } from 'payload'

import React from 'react'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { cellId, RelatedName, relationOf } from './RelatedCell.js'
import './customer-cell.css'

interface Guest {
  email?: null | string
  name?: null | string
}

/**
 * The list view's customer column: a registered customer by name (Payload's cell would show the
 * customers' title, their e-mail), or for a guest's booking the guest's name (or e-mail), marked
 * as a guest, where Payload would show "<No Customer>".
 */
export const CustomerCell: React.FC<DefaultCellComponentProps> = ({ cellData, field, rowData }) => {
  const { t } = useReserveTranslation()
  const id = cellId(cellData)
  if (id !== null) {
    return <RelatedName collection={relationOf(field)} id={id} />
  }
  const guest = (rowData as { guest?: Guest | null }).guest
  const guestName = guest?.name || guest?.email
  if (!guestName) {
    return <span>—</span>
  }
  return (
    <span className="rl-customer-cell">
      {guestName} <span className="rl-customer-cell__kind">({t('guest')})</span>
    </span>
  )
}
