'use client'
import type { DefaultCellComponentProps } from 'payload'

import { DefaultCell } from '@payloadcms/ui'
import React from 'react'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import './customer-cell.css'

interface Guest {
  email?: null | string
  name?: null | string
}

/**
 * The list view's customer column: the customer, or for a guest's booking the guest's name
 * (or e-mail), marked as a guest, where Payload would show "<No Customer>".
 */
export const CustomerCell: React.FC<DefaultCellComponentProps> = (props) => {
  const { t } = useReserveTranslation()
  const guest = (props.rowData as { guest?: Guest | null }).guest
  const guestName = guest?.name || guest?.email
  if ((props.cellData !== null && props.cellData !== undefined && props.cellData !== '') || !guestName) {
    return <DefaultCell {...props} />
  }
  return (
    <span className="rl-customer-cell">
      {guestName} <span className="rl-customer-cell__kind">({t('guest')})</span>
    </span>
  )
}
