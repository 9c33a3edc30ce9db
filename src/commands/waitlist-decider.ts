import type { HoldHolder, RecordedEvent, WaitlistEvent, WaitlistJoined, WaitlistOffered } from '../events/types.js'

import { CommandRejected } from '../events/rejection.js'
import { isHolder } from './hold-rules.js'

/** A waitlist entry as its `WaitlistJoined` recorded it, with when it joined (the waiting line's order). */
export type WaitlistEntry = WaitlistJoined['data'] & { joinedAt: string }

/** What a waitlist stream folds to: waiting until it is offered a hold, taken back or past its range. */
export type WaitlistState =
  | { entry: WaitlistEntry; kind: 'expired' | 'left' | 'waiting' }
  | { entry: WaitlistEntry; kind: 'offered'; offer: Omit<WaitlistOffered['data'], 'entryId'> }
  | { kind: 'absent' }

export type WaitlistCommand =
  | { data: { caller: HoldHolder; entryId: string }; type: 'LeaveWaitlist' }
  | { data: { entryId: string }; type: 'ExpireWaitlist' }
  | { data: Omit<WaitlistOffered['data'], 'entryId'> & { entryId: string }; type: 'OfferWaitlist' }
  | { data: WaitlistJoined['data']; type: 'JoinWaitlist' }

/**
 * What a waitlist decision may consult besides the stream: the time, passed in, whether staff ask,
 * and for a join how many entries of its contact wait already and how many may.
 */
export interface WaitlistContext {
  maxEntriesPerContact?: number
  now: Date
  privileged: boolean
  waitingEntries?: number
}

/** Waiting entries per contact when the plugin sets no `maxWaitlistEntriesPerCaller`. */
export const DEFAULT_MAX_WAITLIST_ENTRIES = 5

/** The longest range one entry may span: a wish, not a standing order. */
export const MAX_WAITLIST_RANGE_DAYS = 92

const DAY_MS = 86_400_000

const invalid = (message: string, path: string) => new CommandRejected('invalid', message, path)

const hasContact = (entry: WaitlistJoined['data']): boolean => {
  const text = (value: null | string | undefined) => typeof value === 'string' && value.trim() !== ''
  return entry.customer !== null || (text(entry.guest?.name) && (text(entry.guest?.email) || text(entry.guest?.phone)))
}

const checkJoin = (entry: WaitlistJoined['data'], now: Date): void => {
  const [from, to] = [Date.parse(entry.from), Date.parse(entry.to)]
  if (Number.isNaN(from)) {
    throw invalid('from must be an ISO 8601 date-time', 'from')
  }
  if (Number.isNaN(to)) {
    throw invalid('to must be an ISO 8601 date-time', 'to')
  }
  if (to <= from) {
    throw invalid('to must be after from', 'to')
  }
  if (to <= now.getTime()) {
    throw invalid('The range has passed: to must be in the future', 'to')
  }
  if (to - from > MAX_WAITLIST_RANGE_DAYS * DAY_MS) {
    throw invalid(`The range from from to to must not span more than ${MAX_WAITLIST_RANGE_DAYS} days`, 'to')
  }
  if (!Number.isInteger(entry.guestCount) || entry.guestCount < 1) {
    throw invalid('guestCount must be a whole number of at least 1', 'guestCount')
  }
  if (!hasContact(entry)) {
    throw invalid('A waitlist entry needs a customer, or a guest with a name and an email or phone', 'guest')
  }
  if (entry.customer !== null && entry.guest !== null) {
    throw invalid('A waitlist entry is for a customer or a guest, not both', 'guest')
  }
}

/** A contact waits with at most the limit of entries, also when staff join for them. */
const checkEntryLimit = ({ maxEntriesPerContact = DEFAULT_MAX_WAITLIST_ENTRIES, waitingEntries = 0 }: WaitlistContext): void => {
  if (waitingEntries >= maxEntriesPerContact) {
    throw new CommandRejected(
      'limit',
      `${maxEntriesPerContact} waitlist entries wait for this contact already, the most one may; leave one first`,
      'entryId',
    )
  }
}

const requireEntry = (state: WaitlistState): Exclude<WaitlistState, { kind: 'absent' }> => {
  if (state.kind === 'absent') {
    throw new CommandRejected('not-found', 'Waitlist entry not found', 'id')
  }
  return state
}

/**
 * Decides a waitlist command against the entry's state: the events to append, or a rejection.
 * Pure: the time comes in `context`. Only a waiting entry can be offered a hold (once: an offer
 * ends the entry), taken back or expired; leaving or expiring an entry that has ended already
 * decides nothing, so repeating either is harmless.
 */
export const decideWaitlist = (command: WaitlistCommand, state: WaitlistState, context: WaitlistContext): WaitlistEvent[] => {
  const { now, privileged } = context
  switch (command.type) {
    case 'JoinWaitlist': {
      if (state.kind !== 'absent') {
        throw new CommandRejected('conflict', 'The waitlist entry exists already', 'id')
      }
      checkJoin(command.data, now)
      checkEntryLimit(context)
      return [{ data: command.data, type: 'WaitlistJoined' }]
    }
    case 'OfferWaitlist': {
      const current = requireEntry(state)
      if (current.kind !== 'waiting') {
        throw new CommandRejected('conflict', `The waitlist entry is ${current.kind}, not waiting`, 'id')
      }
      if (now.getTime() >= Date.parse(current.entry.to)) {
        throw new CommandRejected('conflict', 'The waitlist entry has reached the end of its range', 'id')
      }
      return [{ data: command.data, type: 'WaitlistOffered' }]
    }
    case 'LeaveWaitlist': {
      const current = requireEntry(state)
      if (!privileged && !isHolder(current.entry.owner, command.data.caller)) {
        throw new CommandRejected('forbidden', 'Only whoever joined the waitlist can leave it', 'id')
      }
      if (current.kind === 'offered') {
        throw new CommandRejected('conflict', 'The waitlist entry has been offered a hold already; release the hold instead', 'id')
      }
      return current.kind === 'waiting' ? [{ data: { entryId: command.data.entryId }, type: 'WaitlistLeft' }] : []
    }
    case 'ExpireWaitlist': {
      const current = requireEntry(state)
      const due = now.getTime() >= Date.parse(current.entry.to)
      return current.kind === 'waiting' && due ? [{ data: { entryId: command.data.entryId }, type: 'WaitlistExpired' }] : []
    }
  }
}

/** Applies one event to the state. Pure. */
export const evolveWaitlist = (state: WaitlistState, event: Pick<RecordedEvent, 'metadata'> & WaitlistEvent): WaitlistState => {
  switch (event.type) {
    case 'WaitlistJoined':
      return { entry: { ...event.data, joinedAt: event.metadata.at }, kind: 'waiting' }
    case 'WaitlistOffered': {
      const { entryId: _entryId, ...offer } = event.data
      return state.kind === 'absent' ? state : { entry: state.entry, kind: 'offered', offer }
    }
    case 'WaitlistLeft':
      return state.kind === 'absent' ? state : { entry: state.entry, kind: 'left' }
    case 'WaitlistExpired':
      return state.kind === 'absent' ? state : { entry: state.entry, kind: 'expired' }
  }
}

export const foldWaitlist = (events: Array<Pick<RecordedEvent, 'metadata'> & WaitlistEvent>): WaitlistState =>
  events.reduce(evolveWaitlist, { kind: 'absent' } as WaitlistState)
