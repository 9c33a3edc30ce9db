'use client'
import { useListQuery } from '@payloadcms/ui'
import { useEffect } from 'react'

/**
 * Payload's list keeps the query of the address its page was loaded with (`?view=pending` when
 * the calendar opened on the pending queue) and writes that back on a search or a sort. Once the
 * list shows, its mode goes into that query, with the date and resource the calendar returns
 * to, so a search keeps `view=list` and a reload shows the list with the search.
 */
export const useListAddress = (date: string, resource: null | string): void => {
  const { query, refineListData } = useListQuery()
  const elsewhere = query.view !== 'list'
  useEffect(() => {
    if (elsewhere) {
      // Not a change of the user's: the list does not count as modified by it.
      void refineListData({ date, resource: resource ?? undefined, view: 'list' }, false)
    }
  }, [date, elsewhere, refineListData, resource])
}
