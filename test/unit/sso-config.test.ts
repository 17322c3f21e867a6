import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealedProviderConfig } from '../../server/auth/sso-config.ts';
import { isCovered, overlap, parseDomains } from '../../server/auth/sso-domains.ts';
import { createSecretBox } from '../../server/domain/secret-box.ts';

describe('a single sign-on provider’s configuration at rest', () => {
  const box = createSecretBox(randomBytes(32));
  const transform = sealedProviderConfig(box);
  const config = JSON.stringify({
    issuer: 'https://login.example.com',
    clientId: 'client',
    clientSecret: 'the-secret-0123456789',
    userInfoEndpoint: 'https://login.example.com/me',
    pkce: true,
  });

  it('stores the client secret sealed, and no userinfo endpoint (who signed in comes from the ID token)', () => {
    const stored = String(transform.input(config));
    expect(stored).not.toContain('the-secret-0123456789');
    expect(JSON.parse(stored)).toEqual({
      issuer: 'https://login.example.com',
      clientId: 'client',
      pkce: true,
      clientSecretSealed: expect.stringMatching(/^v1\./),
    });
    expect(JSON.parse(String(transform.output(stored)))).toMatchObject({
      clientSecret: 'the-secret-0123456789',
    });
  });

  it('passes an absent configuration through, and refuses one sealed under another key in a sentence', () => {
    expect(transform.input(null)).toBeNull();
    expect(transform.output(undefined)).toBeUndefined();
    const foreign = sealedProviderConfig(createSecretBox(randomBytes(32))).input(config);
    expect(() => transform.output(foreign)).toThrow(/does not open with the sealing key/);
  });
});

describe('the e-mail domains a provider covers', () => {
  it('reads a comma-separated list, lower-cased, and names what is not a domain', () => {
    expect(parseDomains(' Example.com, example.org ,example.com')).toEqual({
      domains: ['example.com', 'example.org'],
    });
    expect(parseDomains('example.com, localhost')).toEqual({
      problem: '"localhost" is not an e-mail domain (such as example.com).',
    });
    expect(parseDomains(' , ')).toEqual({ problem: 'Give at least one e-mail domain, such as example.com.' });
  });

  it('covers the domain and the names under it, and finds overlaps both ways', () => {
    expect(isCovered('eu.example.com', ['example.com'])).toBe(true);
    expect(isCovered('badexample.com', ['example.com'])).toBe(false);
    expect(overlap(['example.com'], ['eu.example.com'])).toBe('example.com');
    expect(overlap(['eu.example.com'], ['example.com'])).toBe('eu.example.com');
    expect(overlap(['example.org'], ['example.com'])).toBeUndefined();
  });
});
