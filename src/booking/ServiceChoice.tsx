'use client'
import React, { useId } from 'react'

import type { BookableResource, BookableService } from './catalog.js'
import type { RecordId } from '../contract/http.js'

import { useBookingLanguage } from './booking-texts-context.js'

interface Props {
  offering: readonly BookableResource[]
  onResource: (choice: 'any' | RecordId) => void
  onService: (service: null | RecordId) => void
  resource: 'any' | RecordId
  service: null | RecordId
  services: readonly BookableService[]
}

/** The service, then who or what it is booked with: one of the resources offering it, or any available. */
export const ServiceChoice: React.FC<Props> = ({ offering, onResource, onService, resource, service, services }) => {
  const { t } = useBookingLanguage()
  const id = useId()
  const byId = <T extends { id: RecordId }>(list: readonly T[], id: string) => list.find((entry) => String(entry.id) === id)?.id
  return (
    <div className="rl-booking__choice">
      <div className="rl-booking__field">
        <label className="rl-booking__label" htmlFor={`${id}-service`}>
          {t('chooseService')}
        </label>
        <select id={`${id}-service`} onChange={(event) => onService(byId(services, event.target.value) ?? null)} value={service === null ? '' : String(service)}>
          <option disabled value="">
            {t('chooseService')}…
          </option>
          {services.map(({ id, name }) => (
            <option key={id} value={String(id)}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {service !== null && offering.length > 0 && (
        <div className="rl-booking__field">
          <label className="rl-booking__label" htmlFor={`${id}-resource`}>
            {t('chooseResource')}
          </label>
          <select id={`${id}-resource`} onChange={(event) => onResource(byId(offering, event.target.value) ?? 'any')} value={String(resource)}>
            {offering.length > 1 && <option value="any">{t('anyResource')}</option>}
            {offering.map(({ id, name }) => (
              <option key={id} value={String(id)}>
                {name}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  )
}
