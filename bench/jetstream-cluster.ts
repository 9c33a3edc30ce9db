import type { EventStoreOption } from '../src/plugin/options.js'

import { natsServerInstalled, NATS_SERVER, startNatsCluster } from '../test/support/nats-cluster.js'

/** The three-node JetStream cluster a benchmark runs the ledger on, started on loopback ports. */
export interface BenchCluster {
  /** The plugin's `eventStore` option for a stream of `replicas` replicas of its own on this cluster. */
  ledger(replicas: number): EventStoreOption
  /** Process ids of the cluster's nats-server nodes (their CPU time is the store's). */
  pids(): number[]
  stop(): Promise<void>
}

/** Starts three nodes of the machine's nats-server and waits until JetStream answers. */
export const startBenchCluster = async (): Promise<BenchCluster> => {
  if (!natsServerInstalled()) {
    throw new Error(`${NATS_SERVER} is not installed: the JetStream benchmarks start a cluster of it (RESERVE_NATS_SERVER names the binary)`)
  }
  const cluster = await startNatsCluster(3)
  // One run may make several streams of one replica count (a stream per measured store).
  let streams = 0
  return {
    ledger: (replicas) => ({ kind: 'jetstream', replicas, servers: cluster.servers, stream: `bench_r${replicas}_${Date.now()}_${streams++}` }),
    pids: () => cluster.pids(),
    stop: () => cluster.stop(),
  }
}
