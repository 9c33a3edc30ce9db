import type { PayloadRequest } from 'payload'

import { randomBytes } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'

import type { Hold } from '../../../commands/reservation-state.js'
import type { ResolvedOptions, RoleOptions, TenancyOptions } from '../../options.js'
import type { ReserveRuntime, Services } from '../../services.js'

import { holdTokenDigest } from '../../../commands/hold-rules.js'
import { isCustomer } from '../../shared/access/is-customer.js'
import { requireCreateAccess } from '../../shared/access/require-create-access.js'
import { referenceData } from '../../shared/reference-data/reference-data.js'
import { refusalAsPayloadError } from '../../shared/refusals.js'
import { relationId } from '../../shared/relation-id.js'
import { planTenant } from '../../shared/tenancy/booking-tenant.js'
import { isTenantScoped, tenancyOf } from '../../shared/tenancy/tenancy.js'
import { holderKeyOf } from '../../shared/hold-caller.js'
import { buildBookingPlan, checkBookingRules, commandMeta, guestOf } from '../booking/index.js'

const MINUTE_MS = 60_000

/**
 * Places a hold: the same plan and booking rules as a booking of `data`, then `PlaceHold` in the
 * ledger (capacity claimed like a booking's, the caller's limit of live holds checked on their
 * holder stream), then its row and expiry timer. A guest gets a hold token, 32 random bytes of
 * which only the SHA-256 digest is stored; it is what proves the hold theirs. Refusals come as
 * Payload errors (400, 403, 404, 409, 429).
 */
export const placeHold = async (
  req: PayloadRequest,
  options: RoleOptions & TenancyOptions & Pick<ResolvedOptions, 'allowGuestBooking' | 'bookingWindow' | 'debug' | 'defaultBufferTime' | 'enforceActive' | 'getExternalBusy' | 'holdMinutes' | 'maxFlexibleDuration' | 'slotInterval' | 'timezone'>,
  services: Services<Pick<ReserveRuntime, 'feeds' | 'holds' | 'ledger'>>,
  data: Record<string, unknown>,
): Promise<{ hold: Hold; token: null | string }> => {
  await requireCreateAccess(req, options, data)
  const meta = commandMeta(req, options)
  const guest = guestOf(data.guest)
  // As the reservations collection's default: a signed-in customer holds for themselves.
  const customer = data.customer === undefined && req.user && isCustomer(req.user, options) ? relationId(req.user.id) : relationId(data.customer)
  const token = meta.actor.kind === 'guest' ? randomBytes(32).toString('base64url') : null
  const runtime = services.of(req.payload)
  try {
    const plan = await buildBookingPlan(req, data, options, { fillRequiredResources: true, keepEndTime: meta.privileged })
    await checkBookingRules({ customer, data, guest, meta, operation: 'create', options, plan, req, services })
    const service = (await referenceData(req.payload, options).services([plan.service])).get(String(plan.service))
    const now = new Date()
    const minutes = service?.holdMinutes ?? options.holdMinutes
    const tenant = isTenantScoped(tenancyOf(req.payload, options), options) ? await planTenant(req, options, plan) : null
    const outcome = await runtime.ledger.execute(
      {
        data: {
          customer,
          expiresAt: new Date(now.getTime() + minutes * MINUTE_MS).toISOString(),
          guest,
          holder: token ? { kind: 'guest', tokenHash: holdTokenDigest(token) } : meta.actor.kind === 'user' ? { ...meta.actor } : { kind: 'system' },
          holderKey: holderKeyOf(meta, guest),
          plan,
          reservationId: uuidv7(),
          ...(tenant === null ? {} : { tenant }),
        },
        type: 'PlaceHold',
      },
      { ...meta, now },
    )
    if (outcome.state.kind !== 'held') {
      throw new Error('payload-reserve-ledger: a hold was placed but its stream does not hold it')
    }
    await runtime.holds.project(outcome.state.hold.reservationId)
    return { hold: outcome.state.hold, token }
  } catch (error) {
    throw refusalAsPayloadError(error, options.slugs.reservations)
  }
}
