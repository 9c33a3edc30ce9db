import { describe, expect, it } from 'vitest'

import { RESERVE_QUEUE } from '../../../src/plugin/shared/reserve-queue.js'
import { testDatabaseKinds } from '../../helpers/databases.js'
import { postJson } from '../../support/http.js'
import { usePayloadOn } from '../../support/suite-payload.js'
import { ALWAYS_OPEN } from '../support/plugin-http.js'

describe.each(testDatabaseKinds())('background work as Payload jobs, no in-process timers (%s)', (kind) => {
  const site = usePayloadOn(kind, { allowGuestBooking: true, catchUp: { graceMs: 200, intervalMs: 60_000 }, inProcessTimers: false })

  it('registers its tasks on the config, scheduled on its own queue', () => {
    const tasks = site.payload.config.jobs.tasks ?? []
    expect(tasks.map(({ slug }) => slug)).toEqual(expect.arrayContaining(['reserveCatchUp', 'reserveCalendarSync', 'reserveWebhooks']))
    expect(tasks.filter(({ slug }) => slug.startsWith('reserve')).every(({ schedule }) => schedule?.[0]?.queue === RESERVE_QUEUE)).toBe(true)
  })

  it('a scheduler calling the jobs run repairs what a crash left undone', async () => {
    const { payload } = site
    const service = await payload.create({ collection: 'services', data: { allowGuestBooking: 'enabled', duration: 60, name: 'Jobs' } })
    const resource = await payload.create({ collection: 'resources', data: { name: 'Jobs room', services: [service.id] } })
    await payload.create({ collection: 'schedules', data: { name: 'Always', recurringSlots: ALWAYS_OPEN, resource: resource.id } })
    const booked = await postJson(payload, '/api/reserve/book', {
      guest: { email: 'jobs@example.test', name: 'Jo' },
      resource: resource.id,
      service: service.id,
      startTime: '2031-08-01T09:00:00.000Z',
    })
    expect(booked.status).toBe(201)
    // A process that appended and died before saving the document leaves the ledger ahead of the collection.
    await payload.db.deleteOne({ collection: 'reservations', where: { id: { equals: booked.body.id } } })
    await new Promise((resolve) => setTimeout(resolve, 300))

    // A scheduler's GET /api/payload-jobs/run?queue=reserve-ledger queues what its cron makes due
    // (for the next occurrence) and runs what is due now: the catch-up an earlier call queued.
    await payload.jobs.handleSchedules({ queue: RESERVE_QUEUE })
    const scheduled = await payload.find({ collection: 'payload-jobs', where: { queue: { equals: RESERVE_QUEUE } } })
    expect(scheduled.docs.map((job) => job.taskSlug).sort()).toEqual(['reserveCalendarSync', 'reserveCatchUp', 'reserveCheckpoint', 'reserveReminders', 'reserveWebhooks'])
    await payload.jobs.queue({ input: {}, queue: RESERVE_QUEUE, task: 'reserveCatchUp' })
    await payload.jobs.run({ queue: RESERVE_QUEUE })

    const restored = await payload.findByID({ collection: 'reservations', depth: 0, id: booked.body.id })
    expect(restored).toMatchObject({ resource: resource.id, startTime: '2031-08-01T09:00:00.000Z' })
  })
})
