import { MESSAGES } from '../../../contract/messages.js'
import { queryText } from '../../../contract/query.js'

/** `reservationId` in a query, one text; refused as missing when absent or blank, else as of the wrong type. */
export const reservationIdParameter = queryText((given) => (given === undefined ? MESSAGES.reservationIdRequired : MESSAGES.reservationIdType))
