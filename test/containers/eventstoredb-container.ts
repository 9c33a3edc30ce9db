import { GenericContainer, Wait } from 'testcontainers'

import { freePort } from '../support/free-port.js'

const IMAGE = 'eventstore/eventstore:24.10'
/** HTTP and gRPC share this port since EventStoreDB 20. */
const PORT = 2113

export interface StartedEventStoreDB {
  connectionString: string
  /** Kills the server and starts it again on the same port, keeping its data. */
  restart(): Promise<void>
  stop(): Promise<void>
}

/**
 * A single insecure EventStoreDB node without projections. In memory unless it must survive
 * a restart.
 */
export const startEventStoreDB = async ({ durable = false }: { durable?: boolean } = {}): Promise<StartedEventStoreDB> => {
  const hostPort = await freePort()
  const container = await new GenericContainer(IMAGE)
    .withEnvironment({
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_MEM_DB: String(!durable),
      EVENTSTORE_RUN_PROJECTIONS: 'None',
    })
    .withExposedPorts({ container: PORT, host: hostPort })
    .withWaitStrategy(Wait.forHttp('/health/live', PORT))
    .withStartupTimeout(120_000)
    .start()
  return {
    connectionString: `esdb://${container.getHost()}:${hostPort}?tls=false`,
    restart: () => container.restart(),
    stop: async () => {
      await container.stop()
    },
  }
}
