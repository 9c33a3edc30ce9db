import type { RecordId } from '../contract/http.js'

/** The signed-in customer, as the booking pages name them. */
export interface SignedInCustomer {
  email: string
  id: RecordId
  name: string
}

/** A sign-in refused, in the server's words (Payload's `errors[0].message`). */
export type SignInResult = { customer: SignedInCustomer; ok: true } | { message: string; ok: false }

type AuthUser = { email?: unknown; id: RecordId; name?: unknown } | null | undefined

const asCustomer = (user: AuthUser): null | SignedInCustomer =>
  user ? { email: String(user.email ?? ''), id: user.id, name: typeof user.name === 'string' && user.name.trim() ? user.name : String(user.email ?? '') } : null

const serverMessage = async (response: Response): Promise<string> => {
  const body = (await response.json().catch(() => null)) as { errors?: { message?: string }[]; message?: string } | null
  return body?.errors?.[0]?.message ?? body?.message ?? `${response.status} ${response.statusText}`
}

/**
 * The customer the session cookie signs in, through Payload's auth REST API of the customers
 * collection (`slug`): `GET /me` answers `{ user: null }` to a visitor, and a site without that
 * collection answers 404, both meaning nobody is signed in.
 */
export const signedInCustomer = async (apiUrl: string, slug: string, signal?: AbortSignal): Promise<null | SignedInCustomer> => {
  const response = await fetch(`${apiUrl}/${slug}/me`, { credentials: 'include', signal })
  return response.ok ? asCustomer(((await response.json()) as { user?: AuthUser }).user) : null
}

/** Signs a customer in with e-mail and password (`POST /login`), which sets the session cookie. */
export const signInCustomer = async (apiUrl: string, slug: string, email: string, password: string): Promise<SignInResult> => {
  const response = await fetch(`${apiUrl}/${slug}/login`, {
    body: JSON.stringify({ email, password }),
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    method: 'POST',
  })
  if (!response.ok) {
    return { message: await serverMessage(response), ok: false }
  }
  const customer = asCustomer(((await response.json()) as { user?: AuthUser }).user)
  return customer ? { customer, ok: true } : { message: `${response.status} ${response.statusText}`, ok: false }
}

/** Ends the session (`POST /logout`), which clears the cookie. */
export const signOutCustomer = async (apiUrl: string, slug: string): Promise<void> => {
  await fetch(`${apiUrl}/${slug}/logout`, { credentials: 'include', method: 'POST' })
}
