import type { CollectionBeforeOperationHook, CollectionConfig } from 'payload'

/**
 * Moves every operation on `collection` onto the config Payload runs. Next's dev server
 * evaluates payload.config once per route bundle, and Payload runs one instance, built from
 * the first; its GraphQL route builds the schema from its own copy. An operation there ran
 * that copy's hooks, access and fields: plugin code of a second module instance, which has no
 * running ledger (a 503) and whose writes the ledger's write protocol would not see.
 *
 * Payload's operations take the collection from what the beforeOperation hooks return, so the
 * collection's beforeOperation hooks become one that, given another copy of the collection,
 * hands the operation the running one and runs that one's hooks; given the running one, its own.
 */
export const onRunningConfig = (collection: CollectionConfig): CollectionConfig => {
  const own = collection.hooks?.beforeOperation ?? []
  // Payload types the hook's argument as a union by operation; each hook is given it whole, with the args it returned before.
  type HookArgs = Parameters<CollectionBeforeOperationHook>[0]
  const run = async (hooks: readonly CollectionBeforeOperationHook[], hookArgs: HookArgs) => {
    let args = hookArgs.args
    for (const hook of hooks) {
      args = (await hook({ ...hookArgs, args } as HookArgs)) ?? args
    }
    return args
  }
  const beforeOperation: CollectionBeforeOperationHook = (hookArgs) => {
    const running = hookArgs.req.payload.collections[collection.slug]
    if (running !== undefined && running.config !== hookArgs.args.collection.config) {
      return run(running.config.hooks?.beforeOperation ?? [], { ...hookArgs, args: { ...hookArgs.args, collection: running }, collection: running.config } as HookArgs)
    }
    return run(own, hookArgs)
  }
  return { ...collection, hooks: { ...collection.hooks, beforeOperation: [beforeOperation] } }
}
