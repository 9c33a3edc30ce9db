import type { HistoryActor } from '../../contract/http.js'
import type { ReserveT } from '../shared/use-reserve-translation.js'

import { actorKey } from './use-actor-labels.js'

/** Who did it: a guest, the system, or a user by their display name, else by id. */
export const actorName = (actor: HistoryActor, labels: Map<string, string>, t: ReserveT): string => {
  switch (actor.kind) {
    case 'guest':
      return t('actorGuest')
    case 'system':
      return t('actorSystem')
    case 'user':
      return labels.get(actorKey(actor.collection, actor.id)) ?? t('actorUser', { id: String(actor.id) })
  }
}
