import type { AllStreamResolvedEvent } from '@eventstore/db-client'

import { Observable } from 'rxjs'

import type { SubscribeOptions } from '../../store.js'
import type { RecordedEvent } from '../../types.js'
import type { Connection } from './connection.js'

import { decodePosition, isTransientError, toSubscribedEvent, toSubscriptionFilter } from '../eventstoredb-mapping.js'
import { resubscribing } from '../resubscribe.js'

/**
 * Waits before resubscribing to a dropped `$all` subscription: about 30 s in all, since the
 * subscription drops as the node goes down, not when the caller next needs it.
 */
const RESUBSCRIBE_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000]

/** One `$all` subscription from `after` (or its end), erroring when it drops. */
const subscribeOnce = (connection: Connection, { after, fromEnd, streamPrefix }: SubscribeOptions, onConfirmed: () => void): Observable<RecordedEvent> =>
  new Observable<RecordedEvent>((subscriber) => {
    const { convertToCommandError, END, START, UnavailableError } = connection.esdb
    const subscription = connection.client.subscribeToAll({
      filter: toSubscriptionFilter(connection.esdb, streamPrefix),
      fromPosition: after !== undefined ? decodePosition(after) : fromEnd ? END : START,
    })
    let last = after
    subscription
      .on('confirmation', onConfirmed)
      .on('data', (resolved: AllStreamResolvedEvent) => {
        try {
          const event = toSubscribedEvent(resolved, last, streamPrefix)
          if (event) {
            last = event.position
            subscriber.next(event)
          }
        } catch (error) {
          subscriber.error(error)
        }
      })
      // The subscription converts gRPC errors itself, except a failure to open the call.
      .on('error', (error: Error) => subscriber.error(convertToCommandError(error)))
      .on('end', () => subscriber.error(new UnavailableError(undefined, 'EventStoreDB ended the $all subscription')))
    return () => {
      // A call that never opened has nothing to cancel.
      subscription.unsubscribe().catch(() => undefined)
    }
  })

/** `$all` from `after`, opened again after the last event delivered when it drops transiently. */
export const subscribe = resubscribing(subscribeOnce, RESUBSCRIBE_DELAYS_MS, (error, { esdb }) => isTransientError(esdb, error))
