/**
 * Whether a resource takes bookings of a service: it lists the service in its `services`. An
 * empty list offers none (as the waitlist's "any resource" and a service's `resources` join
 * read it). The server's rules, `/slots` and the admin's calendar decide with this one function.
 */
export const offersService = (offered: readonly (number | string)[], service: number | string): boolean =>
  offered.some((id) => String(id) === String(service))
