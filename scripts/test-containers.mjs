// `npm run test:containers`: the suites in test/containers, against MongoDB and EventStoreDB
// started by testcontainers. Without a container runtime there is nothing to run them on:
// say so in one line and succeed, so that the command is safe to run anywhere.
import { spawnSync } from 'node:child_process'
import { getContainerRuntimeClient } from 'testcontainers'

try {
  await getContainerRuntimeClient()
} catch {
  console.log('test:containers: no container runtime (Docker) found — skipping the MongoDB and EventStoreDB suites')
  process.exit(0)
}

const result = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.containers.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
})
process.exit(result.status ?? 1)
