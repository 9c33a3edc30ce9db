'use client'
import { type KeyboardEvent, type RefObject, useRef, useState } from 'react'

import type { CustomerHit } from '../../contract/http.js'
import type { CustomerSearch } from './use-customer-search.js'

import { useCustomerSearch } from './use-customer-search.js'

export interface CustomerPicker extends CustomerSearch {
  /** The hit the arrow keys are on. */
  active: number
  close: () => void
  inputRef: RefObject<HTMLInputElement | null>
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void
  /** Whether the list of hits shows. */
  open: boolean
  pick: (hit: CustomerHit) => void
  search: () => void
  /** Opens the search in place of the chosen customer, with the cursor in it. */
  startChange: () => void
  text: string
  type: (text: string) => void
}

/** The search box's state: what is typed, the hits it finds, the one the keys are on, and picking one. */
export const useCustomerPicker = (choose: (hit: CustomerHit) => void, readOnly: boolean): CustomerPicker => {
  const [searching, setSearching] = useState(false)
  const [text, setText] = useState('')
  const [active, setActive] = useState(0)
  const inputRef = useRef<HTMLInputElement>(null)
  const { error, hits, more } = useCustomerSearch(text, searching)

  const pick = (hit: CustomerHit): void => {
    choose(hit)
    setSearching(false)
    setText('')
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    const count = hits?.length ?? 0
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault()
      setActive((active + 1) % count)
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault()
      setActive((active - 1 + count) % count)
    } else if (event.key === 'Enter' && hits?.[active]) {
      event.preventDefault()
      pick(hits[active])
    } else if (event.key === 'Escape') {
      setSearching(false)
    }
  }

  return {
    active,
    close: () => setSearching(false),
    error,
    hits,
    inputRef,
    more,
    onKeyDown,
    open: searching && !readOnly,
    pick,
    search: () => setSearching(true),
    startChange: () => {
      setSearching(true)
      setTimeout(() => inputRef.current?.focus())
    },
    text,
    type: (typed) => {
      setText(typed)
      setActive(0)
      setSearching(true)
    },
  }
}
