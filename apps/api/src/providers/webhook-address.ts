import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { clinicWebhookMessages } from '@shop/core';

/**
 * Addresses the shop never posts a clinic's events to: loopback, private networks, link-local
 * (cloud metadata), carrier-grade NAT, multicast and the unspecified address. An endpoint is the
 * clinic's choice of URL; without this, it could make the shop call its own internal services.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one of a private network (or otherwise not on the public internet). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    // an IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(bare, 'ipv6');
  }
  return false;
}

const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The refusal of an endpoint's address, or null when the shop may post to it: https only, and
 * no private-network host. `allowLoopback` (development and tests) lets http://localhost and
 * http://127.0.0.1 through, so a local receiver can be tried.
 */
export function endpointAddressRefusal(value: string, allowLoopback: boolean): string | null {
  if (!URL.canParse(value)) return clinicWebhookMessages.url;
  const url = new URL(value);
  const host = url.hostname.toLowerCase();
  if (url.username || url.password) return clinicWebhookMessages.credentials;
  // `localhost.` is `localhost` to a resolver but not to the checks below or to delivery's
  if (host.endsWith('.')) return clinicWebhookMessages.trailingDot;
  if (allowLoopback && loopbackNames.has(host) && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') return clinicWebhookMessages.httpsOnly;
  if (isPrivateAddress(host)) return clinicWebhookMessages.privateAddress;
  // names that only mean something inside a network
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.')) {
    return clinicWebhookMessages.privateAddress;
  }
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A DNS lookup for the request itself that refuses private addresses: a public name that resolves
 * to a private address (or is changed to, after the endpoint was checked) is not connected to.
 */
export function publicOnlyLookup(allowLoopback: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true } as { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const allowed = addresses.filter(
        (entry) => !isPrivateAddress(entry.address) || (allowLoopback && loopbackNames.has(hostname.toLowerCase())),
      );
      if (allowed.length === 0) {
        const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to a private address`);
        refused.code = 'EPRIVATE';
        return callback(refused, []);
      }
      if (options.all) return callback(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}
