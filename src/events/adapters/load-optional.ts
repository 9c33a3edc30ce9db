/**
 * The client packages of the EventStoreDB and JetStream stores are optional peer dependencies:
 * a site installs the one of the store it configures, and nothing else pays for them. They are
 * imported only when that store is created, with `webpackIgnore` (which Turbopack honours too),
 * because Next bundles the plugin into the site's server and would otherwise fail the site's
 * build over a package the site never installed; Node resolves them at run time instead.
 */
const importPackage = (name: string): Promise<unknown> => import(/* webpackIgnore: true */ name)

/** Node's answer (and Vite's, under the test runner) for a package that is not installed. */
const isNotInstalled = (error: unknown, name: string): boolean => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  const notFound = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND' || code === 'ERR_LOAD_URL'
  return notFound && typeof message === 'string' && message.includes(`'${name}'`)
}

/** The package a spec as `npm install` takes it names: `@scope/name@~1.2` → `@scope/name`. */
const packageOf = (spec: string): string => (spec.lastIndexOf('@') > 0 ? spec.slice(0, spec.lastIndexOf('@')) : spec)

const listed = (names: string[]): string =>
  names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`

/**
 * The packages of `specs` (each as `npm install` takes it: a name, or a name with the range that
 * installs cleanly), in order, for `store` (as a sentence's subject: "The EventStoreDB store").
 * When some are not installed, fails with one message naming them and the command that installs
 * them; any other failure to load one is passed on as it is.
 */
export const loadOptional = async <M extends unknown[]>(store: string, specs: { [K in keyof M]: string }): Promise<M> => {
  const names = specs.map(packageOf)
  const loaded = await Promise.allSettled(names.map(importPackage))
  const missing = specs.filter((spec, index) => {
    const result = loaded[index]
    return result.status === 'rejected' && isNotInstalled(result.reason, names[index])
  })
  if (missing.length > 0) {
    throw new Error(`${store} needs ${listed(missing.map(packageOf))}: npm install ${missing.join(' ')}`)
  }
  return loaded.map((result) => {
    if (result.status === 'rejected') {
      throw result.reason
    }
    return result.value
  }) as M
}
