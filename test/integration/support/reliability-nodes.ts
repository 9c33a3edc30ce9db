import type { StressResult } from '../../support/stress-node.js'

import { type SpawnedNode, spawnNode } from '../../support/spawn-node.js'

/** A request the "remote" scenario makes on its own routes, as a guest or as its staff user. */
export interface RemoteRequest {
  as: 'guest' | 'staff'
  body?: unknown
  method: string
  path: string
}

export interface StressNode extends SpawnedNode {
  /** In the "remote" scenario: makes the request and waits for its answer. */
  ask(request: RemoteRequest): Promise<{ body: string; status: number }>
  /** The "result" line of the stress scenario, parsed. */
  result(timeoutMs?: number): Promise<StressResult>
}

/** Starts test/support/stress-node.ts in its own OS process with the given NODE_* settings. */
export const spawnStressNode = (settings: Record<string, string>): StressNode => {
  const node = spawnNode('test/support/stress-node.ts', settings)
  const answers = () => node.lines.filter((line) => line.startsWith('answer '))
  return {
    ...node,
    async ask(request) {
      const before = answers().length
      node.send(JSON.stringify(request))
      for (;;) {
        const answered = answers()
        if (answered.length > before) {
          return JSON.parse(answered[before].slice('answer '.length)) as { body: string; status: number }
        }
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    },
    result: async (timeoutMs) => JSON.parse((await node.waitFor('result ', timeoutMs)).slice('result '.length)) as StressResult,
  }
}

export interface RemoteNodeSettings {
  database: { kind: string; uri: string }
  /** The day the scenario books on, `YYYY-MM-DD`. */
  day: string
  /** The plugin's `eventStore` option, where the ledger is not in the database. */
  eventStore?: unknown
  resource: number | string
  service: number | string
  /** The staff user it signs in as for `as: 'staff'` requests. */
  staff: { email: string; password: string }
}

/** A process that only answers the requests it is sent (`ask`), on one resource and service. */
export const spawnRemoteNode = ({ database, day, eventStore, resource, service, staff }: RemoteNodeSettings): StressNode =>
  spawnStressNode({
    NODE_CONCURRENCY: '1',
    NODE_DATABASE_KIND: database.kind,
    NODE_DATABASE_URI: database.uri,
    NODE_DAY: day,
    ...(eventStore !== undefined && { NODE_EVENT_STORE: JSON.stringify(eventStore) }),
    NODE_OPS: '0',
    NODE_RESOURCES: String(resource),
    NODE_SCENARIO: 'remote',
    NODE_SEED: '1',
    NODE_SERVICES: String(service),
    NODE_STAFF_EMAIL: staff.email,
    NODE_STAFF_PASSWORD: staff.password,
    NODE_STARTS: '1',
  })
