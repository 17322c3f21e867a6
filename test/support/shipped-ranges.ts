/**
 * Addresses taken from the range snapshots that ship (server/traffic/ranges/), so that tests' crawlers come from
 * their operator's published ranges whatever a refreshed snapshot holds, instead of addresses written down once.
 */
import ipaddr from 'ipaddr.js';
import { snapshotsInUse } from '../../server/traffic/range-sources.ts';

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

function cidrsOf(source: string): Cidr[] {
  const snapshot = snapshotsInUse([]).find((s) => s.source === source);
  if (!snapshot) throw new Error(`no shipped ranges for ${source}`);
  return snapshot.prefixes.map((p) => ipaddr.parseCIDR(p));
}

function firstIpv4(source: string): [number, number] {
  const cidr = cidrsOf(source).find(([range]) => range.kind() === 'ipv4');
  if (!cidr) throw new Error(`${source} ships no IPv4 prefix`);
  const [range, bits] = cidr;
  return [toNumber(range as ipaddr.IPv4), 2 ** (32 - bits)];
}

const toNumber = (address: ipaddr.IPv4): number => address.octets.reduce((n, octet) => n * 256 + octet, 0);

const toAddress = (n: number): string =>
  ipaddr.fromByteArray([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]).toString();

/** The n-th address (counting from 0, wrapping) of the first IPv4 prefix a source ships. */
export function shippedAddress(source: string, n = 1): string {
  const [start, size] = firstIpv4(source);
  return toAddress(start + (n % size));
}

/** The first address after a source's first IPv4 prefix that none of its prefixes covers: a near miss. */
export function addressOutside(source: string): string {
  const cidrs = cidrsOf(source);
  const [start, size] = firstIpv4(source);
  for (let n = start + size; n < 2 ** 32; n++) {
    const address = ipaddr.parse(toAddress(n));
    if (!cidrs.some(([range, bits]) => range.kind() === 'ipv4' && address.match(range, bits)))
      return toAddress(n);
  }
  throw new Error(`${source} covers every address after its first prefix`);
}

/** The first IPv6 prefix a source ships, with its interface part set to ::1. */
export function shippedIpv6Address(source: string): string {
  const cidr = cidrsOf(source).find(([range]) => range.kind() === 'ipv6');
  if (!cidr) throw new Error(`${source} ships no IPv6 prefix`);
  const parts = (cidr[0] as ipaddr.IPv6).parts.slice();
  parts[7] = 1;
  return new ipaddr.IPv6(parts).toString();
}
