'use client'
import React, { useId } from 'react'

import type { CustomerRecord, ResourceRecord } from '../../contract/http.js'
import type { CustomerPicker } from '../fields/use-customer-picker.js'
import type { OfferedService } from './use-offered-services.js'
import type { QuickCreate } from './use-quick-create.js'

import { ChosenCustomer } from '../fields/ChosenCustomer.js'
import { CustomerSearchBox } from '../fields/CustomerSearchBox.js'
import { ResourceDot } from '../shared/ResourceDot.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

interface Props {
  /** The resources the user may book at this time, when the click named none. */
  bookable: null | ResourceRecord[]
  chosenCustomer: CustomerRecord | null
  form: QuickCreate
  picker: CustomerPicker
  services: null | OfferedService[]
}

/** The popover's choices: the resource (named, or chosen), its service, and the customer found by search. */
export const QuickCreateFields: React.FC<Props> = ({ bookable, chosenCustomer, form, picker, services }) => {
  const { t } = useReserveTranslation()
  const resourceId = useId()
  const serviceId = useId()
  const customerId = useId()
  const listId = useId()
  const { resource } = form
  return (
    <>
      {bookable === null && resource !== null && (
        <p className="rl-quick__resource">
          <ResourceDot resource={resource} />
          {resource.name}
        </p>
      )}
      {bookable !== null && (
        <div className="rl-quick__field">
          <label htmlFor={resourceId}>{t('resource')}</label>
          <select
            id={resourceId}
            onChange={(event) =>
              form.choose({ resource: bookable.find((one) => String(one.id) === event.target.value) ?? null })
            }
            value={resource === null ? '' : String(resource.id)}
          >
            <option disabled value="">
              {t('quickChooseResource')}
            </option>
            {bookable.map((one) => (
              <option key={String(one.id)} value={String(one.id)}>
                {one.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {resource !== null && services?.length === 0 && (
        <p className="rl-quick__note">{t('quickNoServices', { resource: resource.name ?? String(resource.id) })}</p>
      )}
      {resource !== null && services !== null && services.length > 0 && (
        <div className="rl-quick__field">
          <label htmlFor={serviceId}>{t('service')}</label>
          <select
            id={serviceId}
            onChange={(event) =>
              form.choose({ service: services.find((one) => String(one.id) === event.target.value)?.id ?? null })
            }
            value={form.service == null ? '' : String(form.service)}
          >
            <option disabled value="">
              {t('quickChooseService')}
            </option>
            {services.map((one) => (
              <option key={String(one.id)} value={String(one.id)}>
                {one.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="rl-quick__field rl-customer-field">
        <label htmlFor={customerId}>{t('customer')}</label>
        {form.customer != null && !picker.open && (
          <ChosenCustomer
            chosen={chosenCustomer}
            chosenId={form.customer}
            onChange={picker.startChange}
            onRemove={() => form.choose({ customer: null })}
            readOnly={false}
          />
        )}
        {(form.customer == null || picker.open) && (
          <CustomerSearchBox inputId={customerId} listId={listId} picker={picker} readOnly={false} />
        )}
      </div>
    </>
  )
}
