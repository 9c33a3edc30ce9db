import type { Payload } from 'payload'

import { login } from '../helpers/payload.js'

export interface SignedInUser {
  id: number | string
  token: string
}

/**
 * Users of the `users` collection with the given roles, each signed in: `<name>@<domain>`,
 * password `secret-password`.
 */
export const signedInUsers = async <Name extends string>(
  payload: Payload,
  roles: Record<Name, string>,
  domain = 'example.test',
): Promise<Record<Name, SignedInUser>> => {
  const users = {} as Record<Name, SignedInUser>
  for (const [name, role] of Object.entries(roles) as [Name, string][]) {
    const email = `${name}@${domain}`
    const user = await payload.create({ collection: 'users', data: { email, password: 'secret-password', role } as never })
    users[name] = { id: user.id, token: await login(payload, { email, password: 'secret-password' }) }
  }
  return users
}
