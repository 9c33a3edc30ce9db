import { z } from 'zod'

import type { ENDPOINTS, EndpointName } from './endpoints.js'

import { AvailabilityResponse, ResourceAvailability, SlotsResponse } from './availability.js'
import { CustomerSearchResponse } from './customers.js'
import { HistoryResponse, LiveEventData } from './history.js'
import { HoldReleaseResponse, HoldResponse } from './holds.js'
import { ManagedBooking } from './managed-booking.js'
import { ErrorBody, MessageBody, PayloadErrorBody } from './refusals.js'
import {
  AsOfQuery,
  BookHoldRequest,
  BookRequest,
  CancelRequest,
  CustomerSearchQuery,
  FeedParameter,
  GuestBookingQuery,
  HistoryQuery,
  HoldReleaseRequest,
  HoldRequest,
  IdParameter,
  RescheduleRequest,
  ResourceAvailabilityQuery,
  SeriesPreviewRequest,
  SlotQuery,
  WaitlistJoinRequest,
  WaitlistLeaveRequest,
  WaitlistOfferRequest,
  WaitlistRangeQuery,
} from './requests.js'
import { AsOfResponse, ReservationDocument, SeriesBooked, SeriesCancelled, SeriesPreview } from './reservations.js'
import { WaitlistEntryResponse, WaitlistLeaveResponse, WaitlistListResponse, WaitlistOfferResponse } from './waitlist.js'

/** A response's body: one schema, one of several, or none (`null`). */
export type ResponseSchema = null | z.ZodType | z.ZodType[]

/** An endpoint's input and its answers by status, the success ones below 400. */
export interface EndpointSchema<Status extends number = number> {
  body?: { required: boolean; schema: z.ZodType }
  params?: z.ZodObject
  query?: z.ZodObject
  responses: Record<Status, ResponseSchema>
}

const required = <S extends z.ZodType>(schema: S) => ({ required: true as const, schema })
const optional = <S extends z.ZodType>(schema: S) => ({ required: false as const, schema })

/**
 * Every endpoint's schemas, under its name in `ENDPOINTS` and with a body for each of its
 * statuses, no other. The OpenAPI document describes each with these, and the API client's types
 * are inferred from them.
 */
export const ENDPOINT_SCHEMAS = {
  searchCustomers: {
    query: CustomerSearchQuery,
    responses: { 200: CustomerSearchResponse, 400: MessageBody, 401: MessageBody, 403: MessageBody },
  },
  getAvailability: {
    query: SlotQuery,
    responses: { 200: AvailabilityResponse, 400: [MessageBody, ErrorBody], 403: ErrorBody, 404: ErrorBody },
  },
  book: {
    body: required(z.union([BookRequest, BookHoldRequest])),
    responses: {
      201: [ReservationDocument, SeriesBooked],
      400: PayloadErrorBody,
      403: PayloadErrorBody,
      404: [ErrorBody, PayloadErrorBody],
      409: PayloadErrorBody,
      413: PayloadErrorBody,
    },
  },
  previewSeries: {
    body: required(SeriesPreviewRequest),
    responses: { 200: SeriesPreview, 400: PayloadErrorBody, 401: MessageBody, 403: MessageBody, 404: ErrorBody, 413: PayloadErrorBody },
  },
  placeHold: {
    body: required(HoldRequest),
    responses: {
      201: HoldResponse,
      400: PayloadErrorBody,
      403: PayloadErrorBody,
      404: ErrorBody,
      409: PayloadErrorBody,
      413: PayloadErrorBody,
      429: PayloadErrorBody,
    },
  },
  releaseHold: {
    body: optional(HoldReleaseRequest),
    params: IdParameter,
    query: HoldReleaseRequest,
    responses: { 200: HoldReleaseResponse, 400: MessageBody, 403: MessageBody, 404: MessageBody, 409: MessageBody, 413: MessageBody },
  },
  listWaitlist: {
    query: WaitlistRangeQuery,
    responses: { 200: WaitlistListResponse, 400: MessageBody, 401: MessageBody, 403: MessageBody },
  },
  joinWaitlist: {
    body: required(WaitlistJoinRequest),
    responses: { 201: WaitlistEntryResponse, 400: PayloadErrorBody, 413: PayloadErrorBody, 429: PayloadErrorBody },
  },
  leaveWaitlist: {
    body: optional(WaitlistLeaveRequest),
    params: IdParameter,
    query: WaitlistLeaveRequest,
    responses: { 200: WaitlistLeaveResponse, 400: MessageBody, 403: MessageBody, 404: MessageBody, 409: MessageBody, 413: MessageBody },
  },
  offerWaitlist: {
    body: required(WaitlistOfferRequest),
    params: IdParameter,
    responses: {
      201: WaitlistOfferResponse,
      400: MessageBody,
      401: MessageBody,
      403: MessageBody,
      404: MessageBody,
      409: MessageBody,
      413: MessageBody,
    },
  },
  cancel: {
    body: required(CancelRequest),
    responses: { 200: [ReservationDocument, SeriesCancelled], 400: [MessageBody, PayloadErrorBody], 403: MessageBody, 404: MessageBody, 413: MessageBody },
  },
  getGuestBooking: {
    query: GuestBookingQuery,
    responses: { 200: ManagedBooking, 400: MessageBody, 403: MessageBody, 404: MessageBody },
  },
  reschedule: {
    body: required(RescheduleRequest),
    responses: { 200: ReservationDocument, 400: [MessageBody, PayloadErrorBody], 403: [MessageBody, PayloadErrorBody], 404: MessageBody, 409: PayloadErrorBody, 413: MessageBody },
  },
  getHistory: {
    query: HistoryQuery,
    responses: { 200: HistoryResponse, 400: MessageBody, 401: MessageBody, 403: MessageBody, 404: MessageBody },
  },
  getAsOf: {
    query: AsOfQuery,
    responses: { 200: AsOfResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
  },
  getLive: {
    responses: { 200: LiveEventData, 401: MessageBody, 403: MessageBody },
  },
  getFeed: {
    params: FeedParameter,
    responses: { 200: z.string(), 304: null, 404: ErrorBody },
  },
  getOpenApi: {
    responses: { 200: z.looseObject({}) },
  },
  getResourceAvailability: {
    query: ResourceAvailabilityQuery,
    responses: { 200: ResourceAvailability, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
  },
  getSlots: {
    query: SlotQuery,
    responses: { 200: SlotsResponse, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
  },
} satisfies { [N in EndpointName]: EndpointSchema<(typeof ENDPOINTS)[N]['statuses'][number]> }
