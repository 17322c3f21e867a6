/**
 * Which IP addresses an outbound request of ours may reach: webhook deliveries, and the redirects of engine
 * sources we follow (Gemini's grounding links). Pure: no DNS, no sockets.
 *
 * `isForbiddenAddress` answers null for a public unicast address and otherwise a short reason. IPv6 forms
 * that carry an IPv4 address (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64 64:ff9b::/96, 6to4) are
 * judged by the IPv4 address inside them, so `::ffff:127.0.0.1` is as forbidden as `127.0.0.1`. Teredo hides
 * its client address (obfuscated), so every Teredo address is forbidden. Outside the IPv6 global unicast
 * block 2000::/3 everything is forbidden unless named above.
 */
import ipaddr from 'ipaddr.js';

export type ForbiddenReason =
  | 'invalid'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'carrier-grade NAT'
  | 'link-local'
  | 'cloud metadata'
  | 'unique-local'
  | 'site-local'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved'
  | 'Teredo'
  | 'NAT64 local-use';

/**
 * Reasons that a development setting (`ANSWERWATCH_WEBHOOK_ALLOW_PRIVATE=1`,
 * `ANSWERWATCH_GEMINI_REDIRECT_ALLOW_PRIVATE=1`) lets through: loopback and private networks. Unspecified, cloud metadata, link-local, multicast, broadcast and the reserved kinds stay refused.
 */
export const ALLOWED_WHEN_PRIVATE: ReadonlySet<ForbiddenReason> = new Set<ForbiddenReason>([
  'loopback',
  'private',
  'unique-local',
  'carrier-grade NAT',
]);

type Rule = { readonly range: [ipaddr.IPv4 | ipaddr.IPv6, number]; readonly reason: ForbiddenReason };

function rules(rows: readonly (readonly [string, ForbiddenReason])[]): readonly Rule[] {
  return rows.map(([cidr, reason]) => ({ range: ipaddr.parseCIDR(cidr), reason }));
}

function firstMatch(addr: ipaddr.IPv4 | ipaddr.IPv6, list: readonly Rule[]): ForbiddenReason | null {
  for (const { range, reason } of list) if (addr.match(range)) return reason;
  return null;
}

/** First match wins, so the specific rows (metadata) come before the blocks that contain them. */
const V4 = rules([
  ['169.254.169.254/32', 'cloud metadata'], // AWS, GCP, Azure, OCI, DigitalOcean, OpenStack…
  ['169.254.170.2/32', 'cloud metadata'], // AWS ECS task metadata and credentials
  ['100.100.100.200/32', 'cloud metadata'], // Alibaba Cloud
  ['168.63.129.16/32', 'cloud metadata'], // Azure WireServer (public address, reachable only inside Azure)
  ['192.0.0.192/32', 'cloud metadata'], // Oracle Cloud (legacy)
  ['0.0.0.0/8', 'unspecified'], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['127.0.0.0/8', 'loopback'],
  ['10.0.0.0/8', 'private'],
  ['172.16.0.0/12', 'private'],
  ['192.168.0.0/16', 'private'],
  ['100.64.0.0/10', 'carrier-grade NAT'],
  ['169.254.0.0/16', 'link-local'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'documentation'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['198.18.0.0/15', 'benchmarking'],
  ['192.88.99.0/24', 'reserved'], // deprecated 6to4 relay anycast
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
]);

const V6 = rules([
  ['64:ff9b:1::/48', 'NAT64 local-use'], // RFC 8215: local translation, never globally reachable
  ['2001::/32', 'Teredo'], // the client IPv4 inside is obfuscated: refuse them all
  ['2001:2::/48', 'benchmarking'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['2001::/23', 'reserved'], // IETF protocol assignments (ORCHID, AMT, …)
  ['100::/64', 'reserved'], // discard-only
  ['fd00:ec2::/32', 'cloud metadata'], // AWS Nitro services, IMDS at fd00:ec2::254
  ['fd20:ce::254/128', 'cloud metadata'], // Google Cloud metadata over IPv6
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local'],
  ['ff00::/8', 'multicast'],
]);

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');

/**
 * IPv6 blocks whose low 32 bits are an IPv4 address. `publicOk`: a public IPv4 inside makes the address
 * usable (a dual-stack socket or a NAT64 translator connects to it); otherwise the form is refused anyway.
 */
const EMBEDS_LOW32 = [
  { range: ipaddr.parseCIDR('::ffff:0:0/96'), publicOk: true }, // IPv4-mapped
  { range: ipaddr.parseCIDR('64:ff9b::/96'), publicOk: true }, // NAT64 well-known prefix
  { range: ipaddr.parseCIDR('::ffff:0:0:0/96'), publicOk: false }, // IPv4-translated (SIIT)
  { range: ipaddr.parseCIDR('::/96'), publicOk: false }, // IPv4-compatible (deprecated)
] as const;

function ipv4From(hi: number, lo: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

function ipv6Reason(addr: ipaddr.IPv6): ForbiddenReason | null {
  const p = addr.parts;
  // `::` and `::1` also sit inside the IPv4-compatible block: name them first.
  if (p.every((w) => w === 0)) return 'unspecified';
  if (p.slice(0, 7).every((w) => w === 0) && p[7] === 1) return 'loopback';
  for (const { range, publicOk } of EMBEDS_LOW32) {
    if (!addr.match(range)) continue;
    return firstMatch(ipv4From(p[6]!, p[7]!), V4) ?? (publicOk ? null : 'reserved');
  }
  if (addr.match(SIX_TO_FOUR)) return firstMatch(ipv4From(p[1]!, p[2]!), V4);
  const reason = firstMatch(addr, V6);
  if (reason) return reason;
  return addr.match(GLOBAL_UNICAST) ? null : 'reserved';
}

/**
 * Null when `ip` is a public unicast address we may connect to; otherwise why not.
 * Accepts dotted IPv4, IPv6 (optionally in brackets, optionally with a zone id); anything else is 'invalid'.
 */
export function isForbiddenAddress(ip: string): ForbiddenReason | null {
  let text = ip.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const v4Tail = /^(.*:)([^:%]*\.[^:%]*)(%.*)?$/.exec(text);
  if (v4Tail) {
    // ipaddr.js reads `::a.b.c.d` as IPv4-mapped; RFC 4291 says IPv4-compatible. Spell the tail in hex first.
    if (!ipaddr.IPv4.isValidFourPartDecimal(v4Tail[2]!)) return 'invalid';
    const [a, b, c, d] = ipaddr.IPv4.parse(v4Tail[2]!).octets as [number, number, number, number];
    text = `${v4Tail[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}${v4Tail[3] ?? ''}`;
  }
  if (!ipaddr.isValid(text)) return 'invalid';
  const addr = ipaddr.parse(text);
  return addr.kind() === 'ipv4' ? firstMatch(addr, V4) : ipv6Reason(addr as ipaddr.IPv6);
}

/** The reason `ip` may not be reached under this policy, or null when it may. */
export function addressRefusal(ip: string, allowPrivate: boolean): ForbiddenReason | null {
  const reason = isForbiddenAddress(ip);
  if (reason && allowPrivate && ALLOWED_WHEN_PRIVATE.has(reason)) return null;
  return reason;
}
