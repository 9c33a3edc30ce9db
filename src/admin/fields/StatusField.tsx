'use client'
import type { SelectFieldClientProps } from 'payload'

import { SelectField, useDocumentInfo } from '@payloadcms/ui'
import React, { useMemo } from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { nextStatuses } from '../shared/status.js'

type Props = SelectFieldClientProps & { settings: AdminSettings }

/**
 * The status select offering only what the status machine allows: the saved status and the
 * moves from it (a new reservation: the default status and the moves from that), without the
 * visit's outcomes before it starts. The ledger refuses any other move, so offering it would
 * only lead to an error on save.
 */
export const StatusField: React.FC<Props> = ({ settings, ...props }) => {
  const { initialData, savedDocumentData } = useDocumentInfo()
  const saved = (savedDocumentData?.status ?? initialData?.status) as string | undefined
  const startTime = (savedDocumentData?.startTime ?? initialData?.startTime) as string | undefined
  const from = saved && settings.statusMachine.statuses.includes(saved) ? saved : settings.statusMachine.defaultStatus
  const field = useMemo(() => {
    const timing = typeof startTime === 'string' ? { now: Date.now(), startTime } : undefined
    const allowed = new Set([from, ...nextStatuses(from, settings, timing)])
    const options = props.field.options.filter((option) => allowed.has(typeof option === 'string' ? option : option.value))
    return { ...props.field, options }
  }, [from, props.field, settings, startTime])
  return <SelectField {...props} field={field} />
}
