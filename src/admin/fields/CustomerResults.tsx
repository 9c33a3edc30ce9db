'use client'
import React from 'react'

import type { CustomerPicker } from './use-customer-picker.js'

import { ContactLine } from '../shared/ContactLine.js'
import { customerLabel } from '../shared/related.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

/** The list of customers found, or why there are none yet. */
export const CustomerResults: React.FC<{ listId: string; picker: CustomerPicker }> = ({ listId, picker }) => {
  const { t } = useReserveTranslation()
  const { active, error, hits, more, pick } = picker
  return (
    <ul className="rl-customer-field__results" id={listId} role="listbox">
      {error && <li className="rl-customer-field__note">{error}</li>}
      {!error && hits === null && <li className="rl-customer-field__note">{t('searching')}</li>}
      {hits?.length === 0 && <li className="rl-customer-field__note">{t('noCustomersFound')}</li>}
      {hits?.map((hit, index) => (
        <li
          aria-selected={index === active}
          className="rl-customer-field__hit"
          data-customer-id={String(hit.id)}
          id={`${listId}-${index}`}
          key={String(hit.id)}
          // Chosen on mouse down: the input's blur would otherwise close the list first.
          onMouseDown={(event) => {
            event.preventDefault()
            pick(hit)
          }}
          role="option"
        >
          <span className="rl-customer-field__name">{customerLabel(hit)}</span>
          <ContactLine className="rl-customer-field__contact" email={hit.email} phone={hit.phone} />
        </li>
      ))}
      {more && <li className="rl-customer-field__note">{t('typeToNarrow')}</li>}
    </ul>
  )
}
