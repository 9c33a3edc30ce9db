import { ZonedTimestamps as ZonedTimestamps_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { TimeZoneField as TimeZoneField_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { ColourField as ColourField_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { WeekdayHours as WeekdayHours_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { CalendarDateField as CalendarDateField_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { RelatedCell as RelatedCell_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { ZonedDateCell as ZonedDateCell_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { SlotPickerField as SlotPickerField_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { ZonedDateTimeField as ZonedDateTimeField_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { StatusField as StatusField_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { CustomerCell as CustomerCell_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { CustomerSearchField as CustomerSearchField_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { ItemsField as ItemsField_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { RepeatsFormField as RepeatsFormField_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { ReservationFormBehaviour as ReservationFormBehaviour_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { ReservationsCalendarView as ReservationsCalendarView_775e73f7a67bb0858e1ffa7dd0b1ce38 } from 'payload-reserve-ledger/rsc'
import { EventValueField as EventValueField_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { AvailabilityNavLink as AvailabilityNavLink_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { TodayWidget as TodayWidget_b85f4cc38ed4505bf30a28b10aa9052f } from 'payload-reserve-ledger/client'
import { AvailabilityOverviewView as AvailabilityOverviewView_775e73f7a67bb0858e1ffa7dd0b1ce38 } from 'payload-reserve-ledger/rsc'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "payload-reserve-ledger/client#ZonedTimestamps": ZonedTimestamps_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/client#TimeZoneField": TimeZoneField_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/client#ColourField": ColourField_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/client#WeekdayHours": WeekdayHours_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/client#CalendarDateField": CalendarDateField_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/client#RelatedCell": RelatedCell_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/client#ZonedDateCell": ZonedDateCell_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/client#SlotPickerField": SlotPickerField_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/client#ZonedDateTimeField": ZonedDateTimeField_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/client#StatusField": StatusField_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/client#CustomerCell": CustomerCell_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/client#CustomerSearchField": CustomerSearchField_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/client#ItemsField": ItemsField_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/client#RepeatsFormField": RepeatsFormField_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/client#ReservationFormBehaviour": ReservationFormBehaviour_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/rsc#ReservationsCalendarView": ReservationsCalendarView_775e73f7a67bb0858e1ffa7dd0b1ce38,
  "payload-reserve-ledger/client#EventValueField": EventValueField_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/client#AvailabilityNavLink": AvailabilityNavLink_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/client#TodayWidget": TodayWidget_b85f4cc38ed4505bf30a28b10aa9052f,
  "payload-reserve-ledger/rsc#AvailabilityOverviewView": AvailabilityOverviewView_775e73f7a67bb0858e1ffa7dd0b1ce38,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
