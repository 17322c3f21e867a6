import { describe, expect, it } from 'vitest';
import { vetWebhookUrl, WebhookUrlError, type Resolver } from '../../server/net/webhook-url.ts';

/** A fake DNS: names map to their A/AAAA answers; unknown names fail like getaddrinfo does. */
function fakeDns(records: Record<string, string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const answer = records[hostname];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answer;
  };
  return Object.assign(resolve, { calls });
}

const PUBLIC = '93.184.216.34';
const dns = fakeDns({
  'example.com': [PUBLIC],
  'hooks.example.com': [PUBLIC, '2606:2800:220:1:248:1893:25c8:1946'],
  'user.example.com': [PUBLIC],
  'mixed.example.com': [PUBLIC, '10.0.0.1'],
  'mixed6.example.com': ['2606:2800:220:1::1', 'fd00::1'],
  'empty.example.com': [],
  'hooks.test': ['127.0.0.1'],
  localhost: ['127.0.0.1'],
  intranet: ['10.1.2.3'],
});

async function refusal(url: string, allowPrivate = false, resolve: Resolver = dns): Promise<string> {
  try {
    await vetWebhookUrl(url, { allowPrivate, resolve });
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookUrlError);
    return (err as Error).message;
  }
  throw new Error(`${url} was accepted`);
}

describe('vetWebhookUrl: refused by shape', () => {
  it.each([
    ['http://example.com/h', /must use https \(plain http is refused\)/],
    ['ftp://example.com/h', /scheme "ftp" is refused/],
    ['ws://example.com/h', /scheme "ws" is refused/],
    ['not a url', /spaces or control characters/],
    ['not-a-url', /not an absolute URL/],
    ['/relative/path', /not an absolute URL/],
    ['', /is empty/],
    ['https://example.com/h\n', /spaces or control characters/],
    [`https://example.com/${'a'.repeat(2048)}`, /longer than 2048 characters/],
    ['https://user:pw@example.com/h', /username or password/],
    ['https://user@example.com/h', /username or password/],
    ['https://:pw@example.com/h', /username or password/],
    ['https://example.com:0/h', /port 0/],
    ['https://localhost/h', /"localhost" is a local name/],
    ['https://LOCALHOST/h', /"localhost" is a local name/],
    ['https://localhost./h', /"localhost\." is a local name/],
    ['https://api.localhost/h', /"api\.localhost" is a local name/],
    ['https://%6c%6fcalhost/h', /"localhost" is a local name/],
    ['https://example.com./h', /must not end with a dot/],
    ['https://a..example.com/h', /empty label/],
    ['https://printer.local/h', /special-use name \(\.local\)/],
    ['https://metadata.google.internal/h', /special-use name \(\.internal\)/],
    ['https://router.home.arpa/h', /special-use name \(\.home\.arpa\)/],
    ['https://hooks.test/h', /special-use name \(\.test\)/],
    ['https://1.0.0.127.in-addr.arpa/h', /special-use name \(\.arpa\)/],
    ['https://intranet/h', /single-label name/],
    ['https://nas.lan/h', /not under a public top-level domain/],
    ['https://com/h', /single-label name/],
  ])('%s', async (url, message) => {
    expect(await refusal(url)).toMatch(message);
  });

  it.each([
    ['https://127.0.0.1/h', '127.0.0.1'],
    ['https://127.1/h', '127.0.0.1'],
    ['https://2130706433/h', '127.0.0.1'],
    ['https://0x7f.1/h', '127.0.0.1'],
    ['https://0177.0.0.1/h', '127.0.0.1'],
    ['https://0/h', '0.0.0.0'],
    ['https://8.8.8.8/h', '8.8.8.8'],
    ['https://[::1]/h', '[::1]'],
    ['https://[::ffff:127.0.0.1]/h', '[::ffff:7f00:1]'],
    ['https://[64:ff9b::7f00:1]/h', '[64:ff9b::7f00:1]'],
    ['https://[2002:7f00:1::]/h', '[2002:7f00:1::]'],
    ['https://[2606:4700::1111]/h', '[2606:4700::1111]'],
  ])('IP literal %s (parsed as %s) is refused without asking DNS', async (url, parsed) => {
    const before = dns.calls.length;
    expect(await refusal(url)).toBe(`webhook url host must be a DNS name, not an IP address (${parsed})`);
    expect(dns.calls.length).toBe(before);
  });
});

describe('vetWebhookUrl: refused by address', () => {
  it.each([
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['169.254.169.254', 'cloud metadata'],
    ['127.0.0.1', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['2001::1', 'Teredo'],
  ])('a name resolving to %s (%s)', async (address, reason) => {
    const resolve = fakeDns({ 'hooks.example.com': [address] });
    expect(await refusal('https://hooks.example.com/h', false, resolve)).toBe(
      `webhook url host "hooks.example.com" resolves to ${address}, which is not allowed (${reason})`,
    );
  });

  it('a name with one private address among public ones', async () => {
    expect(await refusal('https://mixed.example.com/h')).toMatch(/resolves to 10\.0\.0\.1.*\(private\)/);
    expect(await refusal('https://mixed6.example.com/h')).toMatch(/resolves to fd00::1.*\(unique-local\)/);
  });

  it('a name that does not resolve, or resolves to nothing', async () => {
    expect(await refusal('https://nowhere.example.com/h')).toBe(
      'webhook url host "nowhere.example.com" does not resolve (ENOTFOUND)',
    );
    expect(await refusal('https://empty.example.com/h')).toBe(
      'webhook url host "empty.example.com" does not resolve',
    );
  });
});

describe('vetWebhookUrl: accepted', () => {
  it('a public https name, normalised by the URL parser', async () => {
    const url = await vetWebhookUrl('https://Hooks.Example.COM:8443/in?x=1', {
      allowPrivate: false,
      resolve: dns,
    });
    expect(url).toBeInstanceOf(URL);
    expect(url.href).toBe('https://hooks.example.com:8443/in?x=1');
    expect(dns.calls).toContain('hooks.example.com');
  });

  it('NAT64 and IPv4-mapped spellings of a public address', async () => {
    const resolve = fakeDns({ 'v6only.example.com': ['64:ff9b::5db8:d822', '::ffff:5db8:d822'] });
    const url = await vetWebhookUrl('https://v6only.example.com/h', { allowPrivate: false, resolve });
    expect(url.hostname).toBe('v6only.example.com');
  });

  it('an internationalised name (IDNA-encoded by the parser)', async () => {
    const resolve = fakeDns({ 'xn--e1afmkfd.xn--p1ai': [PUBLIC] });
    const url = await vetWebhookUrl('https://пример.рф/h', { allowPrivate: false, resolve });
    expect(url.hostname).toBe('xn--e1afmkfd.xn--p1ai');
  });
});

describe('vetWebhookUrl with allowPrivate (development only)', () => {
  const dev = { allowPrivate: true, resolve: dns };

  it('accepts loopback and private targets, by name or IP literal', async () => {
    expect((await vetWebhookUrl('https://127.0.0.1:8443/h', dev)).host).toBe('127.0.0.1:8443');
    expect((await vetWebhookUrl('https://[::1]/h', dev)).hostname).toBe('[::1]');
    expect((await vetWebhookUrl('https://127.1/h', dev)).hostname).toBe('127.0.0.1');
    expect((await vetWebhookUrl('https://hooks.test/h', dev)).hostname).toBe('hooks.test');
    expect((await vetWebhookUrl('https://localhost/h', dev)).hostname).toBe('localhost');
    expect((await vetWebhookUrl('https://intranet/h', dev)).hostname).toBe('intranet');
    expect((await vetWebhookUrl('https://mixed.example.com/h', dev)).hostname).toBe('mixed.example.com');
  });

  it('still requires https without user info and a name without a trailing dot', async () => {
    expect(await refusal('http://127.0.0.1/h', true)).toMatch(/plain http is refused/);
    expect(await refusal('http://hooks.test/h', true)).toMatch(/plain http is refused/);
    expect(await refusal('https://u:p@hooks.test/h', true)).toMatch(/username or password/);
    expect(await refusal('https://localhost./h', true)).toMatch(/must not end with a dot/);
  });

  it('still refuses unspecified, cloud metadata and link-local addresses', async () => {
    expect(await refusal('https://0.0.0.0/h', true)).toBe(
      'webhook url address 0.0.0.0 is not allowed (unspecified)',
    );
    expect(await refusal('https://[::]/h', true)).toMatch(/address :: is not allowed \(unspecified\)/);
    expect(await refusal('https://169.254.169.254/latest/meta-data/', true)).toMatch(/\(cloud metadata\)/);
    expect(await refusal('https://[fd00:ec2::254]/h', true)).toMatch(/\(cloud metadata\)/);
    expect(await refusal('https://100.100.100.200/h', true)).toMatch(/\(cloud metadata\)/);
    const resolve = fakeDns({ 'meta.test': ['169.254.169.254'], 'll.test': ['fe80::1'] });
    expect(await refusal('https://meta.test/h', true, resolve)).toMatch(
      /resolves to 169\.254\.169\.254.*metadata/,
    );
    expect(await refusal('https://ll.test/h', true, resolve)).toMatch(/resolves to fe80::1.*link-local/);
  });
});
