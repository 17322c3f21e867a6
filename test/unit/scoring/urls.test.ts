import { describe, expect, it } from 'vitest';
import { normaliseSources, normaliseUrl } from '../../../engines/scoring/index.ts';

describe('normaliseUrl', () => {
  it('lower-cases scheme and host, drops default ports and the fragment', () => {
    expect(normaliseUrl('HTTPS://Docs.ACME.com:443/Guide/Intro#setup')).toBe(
      'https://docs.acme.com/Guide/Intro',
    );
    expect(normaliseUrl('http://acme.com:80')).toBe('http://acme.com/');
    expect(normaliseUrl('https://acme.com:8443/x')).toBe('https://acme.com:8443/x');
    expect(normaliseUrl('https://acme.com/x?#')).toBe('https://acme.com/x');
  });

  it('strips utm_* and click-id parameters and keeps the others in order with their encoding', () => {
    expect(
      normaliseUrl(
        'https://acme.com/p?b=2&utm_source=chatgpt.com&a=1&gclid=XYZ&UTM_Medium=x&fbclid=1&q=a%20b',
      ),
    ).toBe('https://acme.com/p?b=2&a=1&q=a%20b');
    expect(normaliseUrl('https://acme.com/p?utm_source=x&msclkid=y')).toBe('https://acme.com/p');
  });

  it('unwraps ChatGPT and Google redirect links', () => {
    const target = 'https://docs.acme.com/start?lang=en&utm_campaign=ai';
    expect(normaliseUrl(`https://chatgpt.com/link?url=${encodeURIComponent(target)}`)).toBe(
      'https://docs.acme.com/start?lang=en',
    );
    expect(normaliseUrl(`https://www.google.com/url?sa=t&q=${encodeURIComponent(target)}&ved=1`)).toBe(
      'https://docs.acme.com/start?lang=en',
    );
    expect(
      normaliseUrl(`https://www.google.co.uk/url?url=${encodeURIComponent('https://acme.co.uk/')}`),
    ).toBe('https://acme.co.uk/');
  });

  it('unwraps nested redirects', () => {
    const inner = `https://chatgpt.com/link?url=${encodeURIComponent('https://acme.com/a#top')}`;
    expect(normaliseUrl(`https://www.google.com/url?q=${encodeURIComponent(inner)}`)).toBe(
      'https://acme.com/a',
    );
  });

  it('keeps a redirect-looking link whose target is not an http(s) URL', () => {
    expect(normaliseUrl('https://www.google.com/url?q=acme+pricing')).toBe(
      'https://www.google.com/url?q=acme+pricing',
    );
  });

  it('drops credentials and a trailing dot on the host', () => {
    expect(normaliseUrl('https://user:secret@acme.com./x')).toBe('https://acme.com/x');
  });

  it('rejects invalid and non-http(s) URLs', () => {
    expect(normaliseUrl('not a url')).toBeNull();
    expect(normaliseUrl('/relative/path')).toBeNull();
    expect(normaliseUrl('ftp://acme.com/file')).toBeNull();
    expect(normaliseUrl('javascript:alert(1)')).toBeNull();
    expect(normaliseUrl('mailto:hi@acme.com')).toBeNull();
    expect(normaliseUrl('')).toBeNull();
  });
});

describe('normaliseSources', () => {
  it('deduplicates by normalised URL in the engine order, keeping the first title', () => {
    const sources = normaliseSources([
      { url: 'https://b.com/x?utm_source=chatgpt.com', title: '  B page  ' },
      { url: 'https://a.com/', title: 'A' },
      { url: 'https://B.com/x#section', title: 'B again' },
      { url: `https://chatgpt.com/link?url=${encodeURIComponent('https://a.com')}`, title: 'A again' },
    ]);
    expect(sources).toEqual([
      { url: 'https://b.com/x', title: 'B page' },
      { url: 'https://a.com/', title: 'A' },
    ]);
  });

  it('turns blank titles into null, fills them from a later duplicate, and drops invalid URLs', () => {
    const sources = normaliseSources([
      { url: 'https://a.com/', title: '   ' },
      { url: 'notaurl', title: 'bad' },
      { url: 'https://a.com/#x', title: 'A' },
      { url: 'https://c.com/', title: null },
    ]);
    expect(sources).toEqual([
      { url: 'https://a.com/', title: 'A' },
      { url: 'https://c.com/', title: null },
    ]);
  });
});
