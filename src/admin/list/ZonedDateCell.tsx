'use client'
import type { DefaultCellComponentProps } from 'payload'

import { DefaultCell } from '@payloadcms/ui'
import React from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { whenLabel } from '../shared/time-span.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

type Props = DefaultCellComponentProps & { settings: AdminSettings }

/**
 * A date column of the plugin's collections in the plugin's time zone, named, where Payload
 * would use the browser's. A reservation's start that takes its whole day reads as the day.
 * Payload's own cell still draws it, as text, so the row link stays as it is.
 */
export const ZonedDateCell: React.FC<Props> = ({ settings, ...props }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(settings.timezone)
  const { cellData, field, rowData } = props
  if (typeof cellData !== 'string' || Number.isNaN(Date.parse(cellData))) {
    return <DefaultCell {...props} />
  }
  const isStart = 'name' in field && field.name === 'startTime'
  const endTime = isStart ? (rowData as { endTime?: null | string }).endTime : undefined
  const text =
    endTime === undefined
      ? format.weekdayDateTimeZone(cellData)
      : whenLabel({ endTime: endTime ?? null, startTime: cellData }, format, t, settings.timezone)
  return <DefaultCell {...props} cellData={text} field={{ ...field, type: 'text' } as typeof field} />
}
