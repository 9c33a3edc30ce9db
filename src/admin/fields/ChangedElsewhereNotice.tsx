'use client'
import { Button } from '@payloadcms/ui'
import React from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { useChangedElsewhere } from './use-changed-elsewhere.js'
import './changed-elsewhere-notice.css'

/**
 * Says, over the reservation form, that someone else changed the reservation while it has unsaved
 * changes, and offers to reload; without unsaved changes the form shows their change itself.
 */
export const ChangedElsewhereNotice: React.FC<{ settings: AdminSettings }> = ({ settings }) => {
  const { t } = useReserveTranslation()
  const { changed, reload } = useChangedElsewhere(settings)
  if (!changed) {
    return null
  }
  return (
    <div className="rl-changed-elsewhere" role="alert">
      <span className="rl-changed-elsewhere__text">{t('changedElsewhere')}</span>
      <Button buttonStyle="secondary" margin={false} onClick={reload} size="small">
        {t('changedElsewhereReload')}
      </Button>
    </div>
  )
}
