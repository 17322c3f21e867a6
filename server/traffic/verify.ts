import ipaddr from 'ipaddr.js';
import type { Verification } from '../contract/traffic-agents.ts';
import { RANGE_SOURCES, type RangeSnapshot } from './range-sources.ts';

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Addresses remembered per agent: crawlers come back from the same few addresses all day. */
const CACHE_SIZE = 50_000;

/**
 * Whether a hit that names an agent came from its operator: `verified` inside the published ranges, `spoofed`
 * outside them (or with an address that is not one), `claimed` where the operator publishes none or the log
 * holds no address. The address is looked at here and nowhere kept.
 */
export function rangeVerifier(
  snapshots: readonly RangeSnapshot[],
): (agent: string, ip: string | null) => Verification {
  const byAgent = new Map<string, Cidr[]>();
  for (const snapshot of snapshots) {
    const source = RANGE_SOURCES.find((s) => s.id === snapshot.source);
    if (!source) continue;
    const cidrs = snapshot.prefixes.flatMap((p): Cidr[] => {
      try {
        return [ipaddr.parseCIDR(p)];
      } catch {
        return [];
      }
    });
    for (const agent of source.agents) byAgent.set(agent, [...(byAgent.get(agent) ?? []), ...cidrs]);
  }
  const cache = new Map<string, Verification>();
  const check = (cidrs: readonly Cidr[], ip: string): Verification => {
    if (!ipaddr.isValid(ip)) return 'spoofed';
    // An IPv4 client seen through an IPv6 socket is logged as ::ffff:a.b.c.d.
    const address = ipaddr.process(ip);
    return cidrs.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits))
      ? 'verified'
      : 'spoofed';
  };
  return (agent, ip) => {
    const cidrs = byAgent.get(agent);
    if (cidrs === undefined || ip === null) return 'claimed';
    const key = `${agent}\0${ip}`;
    let verdict = cache.get(key);
    if (verdict === undefined) {
      verdict = check(cidrs, ip);
      if (cache.size >= CACHE_SIZE) cache.clear();
      cache.set(key, verdict);
    }
    return verdict;
  };
}
