import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

/** Addresses a feed may not point at: this machine, private networks, link-local, multicast. */
const PRIVATE = new BlockList()
for (const [network, prefix, family] of [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
] as const) {
  PRIVATE.addSubnet(network, prefix, family)
}

const isPrivate = (address: string): boolean => {
  // An IPv4 address written as IPv6 (`::ffff:127.0.0.1`) is checked as IPv4.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  return mapped ? PRIVATE.check(mapped, 'ipv4') : PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')
}

/** A feed address as fetched: `webcal://` is iCalendar's name for `https://`. */
export const feedUrl = (text: string): URL | null => {
  try {
    const url = new URL(text.trim().replace(/^webcal:\/\//i, 'https://'))
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null
  } catch {
    return null
  }
}

/**
 * Refuses a feed address that resolves to this machine or a private network (a server-side
 * request forgery guard: a staff member's calendar URL must not reach the site's own
 * services), unless the site allows private networks.
 */
export const checkFeedTarget = async (url: URL, allowPrivateNetworks: boolean): Promise<void> => {
  if (allowPrivateNetworks) {
    return
  }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map(({ address }) => address)
  if (addresses.length === 0 || addresses.some(isPrivate)) {
    throw new Error(`${url.host} resolves to a private or local address`)
  }
}
