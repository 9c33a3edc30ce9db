'use client'
import type { RelationshipFieldClientProps } from 'payload'

import { FieldError, FieldLabel, useField } from '@payloadcms/ui'
import React, { useId } from 'react'

import type { AdminSettings } from '../../contract/http.js'
import type { RecordId } from '../../contract/http.js'

import { ChosenCustomer } from './ChosenCustomer.js'
import { CustomerSearchBox } from './CustomerSearchBox.js'
import { useCustomer } from './use-customer.js'
import { useCustomerPicker } from './use-customer-picker.js'
import './customer-search-field.css'

type Props = RelationshipFieldClientProps & { settings: AdminSettings }

/**
 * The reservation's customer, found by name, phone or email through the customer-search
 * endpoint rather than by title alone, as the default relationship select would.
 */
export const CustomerSearchField: React.FC<Props> = ({ field, path: pathFromProps, readOnly, settings }) => {
  const { errorMessage, path, setValue, showError, value } = useField<null | RecordId>({
    potentiallyStalePath: pathFromProps,
  })
  const chosenId = value === undefined || value === '' ? null : value
  const chosen = useCustomer(settings, chosenId)
  const picker = useCustomerPicker((hit) => setValue(hit.id), Boolean(readOnly))
  const inputId = useId()
  const listId = useId()

  return (
    <div className="field-type rl-customer-field" data-path={path}>
      <FieldLabel htmlFor={inputId} label={field.label} path={path} required={field.required} />
      {chosenId !== null && !picker.open && (
        <ChosenCustomer
          chosen={chosen}
          chosenId={chosenId}
          onChange={picker.startChange}
          onRemove={() => setValue(null)}
          readOnly={readOnly}
        />
      )}
      {(chosenId === null || picker.open) && (
        <CustomerSearchBox inputId={inputId} listId={listId} picker={picker} readOnly={readOnly} />
      )}
      <FieldError message={errorMessage} path={path} showError={showError} />
    </div>
  )
}
