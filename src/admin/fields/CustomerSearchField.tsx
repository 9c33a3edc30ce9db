'use client'
import type { RelationshipFieldClientProps } from 'payload'

import { Button, FieldError, FieldLabel, useField } from '@payloadcms/ui'
import React, { useId, useRef, useState } from 'react'

import type { AdminSettings } from '../../plugin/http/contract.js'
import type { CustomerHit, RecordId } from '../../plugin/http/contract.js'

import { customerLabel } from '../shared/related.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { useCustomer } from './use-customer.js'
import { useCustomerSearch } from './use-customer-search.js'
import './customer-search-field.css'

type Props = RelationshipFieldClientProps & { settings: AdminSettings }

const contactLine = (customer: { email?: null | string; phone?: null | string }): string =>
  [customer.email, customer.phone].filter(Boolean).join(' · ')

/**
 * The reservation's customer, found by name, phone or email through the customer-search
 * endpoint rather than by title alone, as the default relationship select would.
 */
export const CustomerSearchField: React.FC<Props> = ({ field, path: pathFromProps, readOnly, settings }) => {
  const { t } = useReserveTranslation()
  const { errorMessage, path, setValue, showError, value } = useField<null | RecordId>({
    potentiallyStalePath: pathFromProps,
  })
  const chosenId = value === undefined || value === '' ? null : value
  const chosen = useCustomer(settings, chosenId)
  const [searching, setSearching] = useState(false)
  const [text, setText] = useState('')
  const [active, setActive] = useState(0)
  const inputRef = useRef<HTMLInputElement>(null)
  const { error, hits, more } = useCustomerSearch(text, searching)
  const inputId = useId()
  const listId = useId()
  const open = searching && !readOnly

  const pick = (hit: CustomerHit): void => {
    setValue(hit.id)
    setSearching(false)
    setText('')
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>): void => {
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

  return (
    <div className="field-type rl-customer-field" data-path={path}>
      <FieldLabel htmlFor={inputId} label={field.label} path={path} required={field.required} />
      {chosenId !== null && !open && (
        <div className="rl-customer-field__chosen">
          <div className="rl-customer-field__person">
            <span className="rl-customer-field__name">{chosen ? customerLabel(chosen) : String(chosenId)}</span>
            {chosen && contactLine(chosen) && <bdi className="rl-customer-field__contact">{contactLine(chosen)}</bdi>}
          </div>
          {!readOnly && (
            <div className="rl-customer-field__actions">
              <Button
                buttonStyle="secondary"
                margin={false}
                onClick={() => {
                  setSearching(true)
                  setTimeout(() => inputRef.current?.focus())
                }}
                size="small"
              >
                {t('changeCustomer')}
              </Button>
              <Button buttonStyle="subtle" margin={false} onClick={() => setValue(null)} size="small">
                {t('removeCustomer')}
              </Button>
            </div>
          )}
        </div>
      )}
      {(chosenId === null || open) && (
        <div className="rl-customer-field__search">
          <input
            aria-activedescendant={open && hits?.[active] ? `${listId}-${active}` : undefined}
            aria-autocomplete="list"
            aria-controls={listId}
            aria-expanded={open}
            autoComplete="off"
            className="rl-customer-field__input"
            disabled={readOnly}
            id={inputId}
            onBlur={() => setSearching(false)}
            onChange={(event) => {
              setText(event.target.value)
              setActive(0)
              setSearching(true)
            }}
            onFocus={() => setSearching(true)}
            onKeyDown={onKeyDown}
            placeholder={t('searchCustomers')}
            ref={inputRef}
            role="combobox"
            type="search"
            value={text}
          />
          {open && (
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
                  {contactLine(hit) && <bdi className="rl-customer-field__contact">{contactLine(hit)}</bdi>}
                </li>
              ))}
              {more && <li className="rl-customer-field__note">{t('typeToNarrow')}</li>}
            </ul>
          )}
        </div>
      )}
      <FieldError message={errorMessage} path={path} showError={showError} />
    </div>
  )
}
