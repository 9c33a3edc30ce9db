import type { SliceOf } from '../../slice.js'

import { reservationEventsCollection } from '../../../events/adapters/payload-collection.js'
import { refuseDigestQueries } from '../../shared/access/refuse-digest-queries.js'
import { readsLedger, withoutTokenDigest } from '../../shared/access/reservation-events-access.js'
import { reservationComponent, zonedDateComponents } from '../../shared/admin/registration.js'
import { withOverride } from '../../shared/collection-override.js'
import { label, navigationGroup } from '../../shared/labels.js'
import { bookEndpoint } from './book-endpoint.js'
import { cancelEndpoint } from './cancel-endpoint.js'
import { guestBookingEndpoint } from './guest-booking-endpoint.js'
import { rescheduleEndpoint } from './reschedule-endpoint.js'
import { buildReservationsCollection } from './reservations-collection.js'
import { seriesPreviewEndpoint } from './series/series-preview-endpoint.js'
import { reservationWriteHooks } from './write-hooks.js'

/**
 * Booking: the reservations collection, whose writes are commands to the ledger (the site's
 * `beforeChange` and `beforeDelete` overrides run before the plugin's, see `withOverride`), the
 * ledger's events as a read-only collection, and booking, previewing a series, cancelling, and a guest's reading and moving of their booking.
 */
export const bookingSlice: SliceOf = (options, services) => ({
  collections: [
    withOverride(buildReservationsCollection(options, options.disabled ? undefined : reservationWriteHooks(options, services)), options.collectionOverrides.reservations, [
      'beforeChange',
      'beforeDelete',
    ]),
    {
      ...reservationEventsCollection({
        adminGroup: navigationGroup(options.adminGroup),
        labels: {
          data: label('field_data'),
          eventId: label('field_eventId'),
          metadata: label('field_metadata'),
          plural: label('coll_events'),
          recordedAt: label('field_recordedAt'),
          revision: label('field_revision'),
          singular: label('coll_event'),
          stream: label('field_stream'),
          type: label('field_type'),
        },
        read: readsLedger(options),
        recordedAtComponents: zonedDateComponents(options),
        slug: options.slugs.events,
        valueField: reservationComponent(options, 'eventValueField'),
      }),
      hooks: { afterRead: [withoutTokenDigest], beforeOperation: [refuseDigestQueries] },
    },
  ],
  endpoints: [bookEndpoint(options, services), seriesPreviewEndpoint(options, services), cancelEndpoint(options, services), guestBookingEndpoint(options), rescheduleEndpoint(options)],
})
