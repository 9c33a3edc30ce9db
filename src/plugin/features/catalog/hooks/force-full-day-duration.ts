import type { CollectionBeforeValidateHook } from 'payload'

export const FULL_DAY_MINUTES = 1440

/**
 * A full-day service lasts the whole local day whatever duration was entered, so end times and
 * conflict checks never see a partial day. Reads the stored type when an update omits it.
 */
export const forceFullDayDuration: CollectionBeforeValidateHook = ({ data, originalDoc }) => {
  const durationType: unknown = data?.durationType ?? originalDoc?.durationType
  return data && durationType === 'full-day' ? { ...data, duration: FULL_DAY_MINUTES } : data
}
