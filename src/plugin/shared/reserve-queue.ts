/** The queue the plugin's background tasks run on: a scheduler runs it with `GET /api/payload-jobs/run?queue=reserve-ledger`. */
export const RESERVE_QUEUE = 'reserve-ledger'
