'use client'
import React from 'react'

import type { CustomerPicker } from './use-customer-picker.js'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { CustomerResults } from './CustomerResults.js'
import '../shared/search-input.css'

interface Props {
  inputId: string
  listId: string
  picker: CustomerPicker
  readOnly: boolean | undefined
}

/** A combobox: the search input and, while it is open, the customers it finds. */
export const CustomerSearchBox: React.FC<Props> = ({ inputId, listId, picker, readOnly }) => {
  const { t } = useReserveTranslation()
  const { active, hits, open } = picker
  return (
    <div className="rl-customer-field__search">
      <input
        aria-activedescendant={open && hits?.[active] ? `${listId}-${active}` : undefined}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-expanded={open}
        autoComplete="off"
        className="rl-search-input rl-customer-field__input"
        disabled={readOnly}
        id={inputId}
        onBlur={picker.close}
        onChange={(event) => picker.type(event.target.value)}
        onFocus={picker.search}
        onKeyDown={picker.onKeyDown}
        placeholder={t('searchCustomers')}
        ref={picker.inputRef}
        role="combobox"
        type="search"
        value={picker.text}
      />
      {open && <CustomerResults listId={listId} picker={picker} />}
    </div>
  )
}
