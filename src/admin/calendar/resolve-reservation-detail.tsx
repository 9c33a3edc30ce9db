import type { ImportMap } from 'payload'

import { RenderServerComponent } from '@payloadcms/ui/elements/RenderServerComponent'

import type { AdminSettings } from '../../contract/http.js'
import type { ReservationDetail } from './calendar-props.js'

/**
 * The reservation detail the site chose (`components.reservationDetail`): nothing chosen is the
 * plugin's drawer, `false` Payload's form of the reservation, a path the site's component,
 * rendered here from the import map with the `settings` client prop, as Payload renders custom
 * components. It reads which reservation is open with `useReservationDetail()`.
 */
export const resolveReservationDetail = (
  chosen: false | string | undefined,
  importMap: ImportMap,
  settings: AdminSettings,
): ReservationDetail => {
  if (chosen === undefined) {
    return 'drawer'
  }
  if (chosen === false) {
    return 'form'
  }
  return { replacement: RenderServerComponent({ clientProps: { settings }, Component: chosen, importMap }) }
}
