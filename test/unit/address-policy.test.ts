import { describe, expect, it } from 'vitest';
import {
  isForbiddenAddress,
  addressRefusal,
  type ForbiddenReason,
} from '../../engines/net/address-policy.ts';

const TABLE: [string, ForbiddenReason | null][] = [
  // public IPv4
  ['8.8.8.8', null],
  ['93.184.216.34', null],
  ['1.1.1.1', null],
  ['100.63.255.255', null], // just below carrier-grade NAT
  ['100.128.0.0', null], // just above carrier-grade NAT
  ['172.15.255.255', null],
  ['172.32.0.0', null],
  ['11.0.0.1', null],
  ['223.255.255.255', null],
  // forbidden IPv4
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.255', 'carrier-grade NAT'],
  ['169.254.1.1', 'link-local'],
  ['169.254.169.254', 'cloud metadata'],
  ['169.254.170.2', 'cloud metadata'],
  ['100.100.100.200', 'cloud metadata'],
  ['168.63.129.16', 'cloud metadata'],
  ['192.0.0.192', 'cloud metadata'],
  ['192.0.0.8', 'reserved'],
  ['192.0.2.1', 'documentation'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['192.88.99.1', 'reserved'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  // public IPv6
  ['2606:4700:4700::1111', null],
  ['2a00:1450:4001:82a::200e', null],
  ['2001:4860:4860::8888', null], // Google: inside 2001::/16 but outside 2001::/23
  ['::ffff:8.8.8.8', null], // IPv4-mapped public
  ['::ffff:808:808', null],
  ['64:ff9b::5db8:d822', null], // NAT64 of 93.184.216.34
  ['2002:5db8:d822::1', null], // 6to4 of 93.184.216.34
  // forbidden IPv6
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456:789a::1', 'unique-local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf::1', 'link-local'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['ff05::1:3', 'multicast'],
  ['fd00:ec2::254', 'cloud metadata'],
  ['fd00:ec2::23', 'cloud metadata'],
  ['fd20:ce::254', 'cloud metadata'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation'],
  ['2001:2::1', 'benchmarking'],
  ['2001::1', 'Teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001:10::1', 'reserved'], // ORCHID
  ['100::1', 'reserved'], // discard-only
  ['4000::1', 'reserved'], // outside 2000::/3
  ['5f00::1', 'reserved'],
  // IPv6 forms that carry an IPv4 address are judged by it
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:a9fe:a9fe', 'cloud metadata'],
  ['::ffff:0.0.0.0', 'unspecified'],
  ['::127.0.0.1', 'loopback'], // IPv4-compatible
  ['::7f00:1', 'loopback'],
  ['::a00:1', 'private'],
  ['::8.8.8.8', 'reserved'], // IPv4-compatible is deprecated even with a public IPv4 inside
  ['::808:808', 'reserved'],
  ['::ffff:0:7f00:1', 'loopback'], // IPv4-translated
  ['::ffff:0:808:808', 'reserved'],
  ['64:ff9b::7f00:1', 'loopback'], // NAT64
  ['64:ff9b::a00:1', 'private'],
  ['64:ff9b::169.254.169.254', 'cloud metadata'],
  ['64:ff9b:1::a00:1', 'NAT64 local-use'],
  ['64:ff9b:1::5db8:d822', 'NAT64 local-use'],
  ['2002:7f00:1::', 'loopback'], // 6to4
  ['2002:a00:1::1', 'private'],
  ['2002:a9fe:a9fe::', 'cloud metadata'],
  ['2002:0:0::', 'unspecified'],
  // not addresses
  ['', 'invalid'],
  ['example.com', 'invalid'],
  ['1.2.3.4.5', 'invalid'],
  ['::1::2', 'invalid'],
  ['::ffff:1.2.3', 'invalid'],
  ['::ffff:0x7f.0.0.1', 'invalid'],
];

describe('isForbiddenAddress', () => {
  it.each(TABLE)('%s → %s', (ip, reason) => {
    expect(isForbiddenAddress(ip)).toBe(reason);
  });

  it('reads legacy IPv4 spellings the way inet_aton does', () => {
    for (const ip of ['127.1', '0x7f.1', '0177.0.0.1', '2130706433']) {
      expect(isForbiddenAddress(ip)).toBe('loopback');
    }
  });
});

describe('addressRefusal', () => {
  it('without allowPrivate refuses what isForbiddenAddress refuses', () => {
    for (const [ip, reason] of TABLE) expect(addressRefusal(ip, false)).toBe(reason);
  });

  it.each([
    ['127.0.0.1', null],
    ['::1', null],
    ['::ffff:127.0.0.1', null],
    ['10.0.0.1', null],
    ['192.168.1.1', null],
    ['100.64.0.1', null],
    ['fd12::1', null],
    ['8.8.8.8', null],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['169.254.169.254', 'cloud metadata'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['100.100.100.200', 'cloud metadata'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['2001::1', 'Teredo'],
    ['not-an-ip', 'invalid'],
  ] as const)('with allowPrivate: %s → %s', (ip, reason) => {
    expect(addressRefusal(ip, true)).toBe(reason);
  });
});
