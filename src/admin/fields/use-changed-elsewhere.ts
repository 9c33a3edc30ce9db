'use client'
import { useDocumentInfo, useForm, useFormModified } from '@payloadcms/ui'
import { useCallback, useRef, useState } from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { useApi } from '../shared/use-api.js'
import { useLiveUpdates } from '../shared/use-live-updates.js'

type Doc = Record<string, unknown>

export interface ChangedElsewhere {
  /** Another user changed the reservation while this form has unsaved changes. */
  changed: boolean
  /** Shows the reservation as it now is, throwing away what was typed. */
  reload: () => void
}

/**
 * Follows the reservation open in its form (live): a change made by someone else is shown at
 * once while nothing is typed; over unsaved changes it is only announced (`changed`), so the
 * user's input is never overwritten without asking.
 */
export const useChangedElsewhere = (settings: AdminSettings): ChangedElsewhere => {
  const api = useApi()
  const { id, savedDocumentData, updateSavedDocumentData } = useDocumentInfo()
  const modified = useFormModified()
  const { reset } = useForm()
  const saved: unknown = savedDocumentData?.ledgerRevision
  // The revision announced; the notice goes once the form shows it, however it came to (a save,
  // Payload's own reload of stale data, or ours).
  const [newer, setNewer] = useState<null | number>(null)
  const latest = useRef({ modified, saved })
  latest.current = { modified, saved }
  const path = `/${settings.slugs.reservations}/${encodeURIComponent(String(id))}`

  const show = useCallback(
    async (doc: Doc) => {
      await reset(doc)
      updateSavedDocumentData(doc)
    },
    [reset, updateSavedDocumentData],
  )
  const read = useCallback(() => api.get<Doc>(path, { depth: 0 }), [api, path])

  useLiveUpdates(
    () => {
      read()
        .then((doc) => {
          // This form's own save, or a reconnection with nothing new.
          if (doc.ledgerRevision === latest.current.saved) {
            return
          }
          if (latest.current.modified) {
            setNewer(Number(doc.ledgerRevision))
          } else {
            void show(doc)
          }
        })
        // Gone or out of reach: the form's own save says so, in Payload's words.
        .catch(() => undefined)
    },
    id !== undefined && id !== null,
    id === undefined || id === null ? null : String(id),
  )

  const reload = useCallback(() => {
    void read().then(show)
  }, [read, show])
  return { changed: newer !== null && !(Number(saved) >= newer), reload }
}
