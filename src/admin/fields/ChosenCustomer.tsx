'use client'
import { Button } from '@payloadcms/ui'
import React from 'react'

import type { CustomerRecord, RecordId } from '../../contract/http.js'

import { ContactLine } from '../shared/ContactLine.js'
import { customerLabel } from '../shared/related.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'

interface Props {
  /** The customer loaded; null while loading, when they show by id. */
  chosen: CustomerRecord | null
  chosenId: RecordId
  onChange: () => void
  onRemove: () => void
  readOnly: boolean | undefined
}

/** The customer chosen, with buttons to change or remove them unless the field is read-only. */
export const ChosenCustomer: React.FC<Props> = ({ chosen, chosenId, onChange, onRemove, readOnly }) => {
  const { t } = useReserveTranslation()
  return (
    <div className="rl-customer-field__chosen">
      <div className="rl-customer-field__person">
        <span className="rl-customer-field__name">{chosen ? customerLabel(chosen) : String(chosenId)}</span>
        {chosen && <ContactLine className="rl-customer-field__contact" email={chosen.email} phone={chosen.phone} />}
      </div>
      {!readOnly && (
        <div className="rl-customer-field__actions">
          <Button buttonStyle="secondary" margin={false} onClick={onChange} size="small">
            {t('changeCustomer')}
          </Button>
          <Button buttonStyle="subtle" margin={false} onClick={onRemove} size="small">
            {t('removeCustomer')}
          </Button>
        </div>
      )}
    </div>
  )
}
