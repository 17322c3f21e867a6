import { describe, expect, it } from 'vitest';
import { maskLinks } from '../../../engines/scoring/links.ts';

describe('maskLinks', () => {
  it('blanks URLs, www hosts and e-mail addresses without moving any other character', () => {
    const text = 'Try https://acme.com/a?b=c, www.acme.io or ops@acme.dev. Acme rocks.';
    const masked = maskLinks(text);
    expect(masked).toHaveLength(text.length);
    expect(masked).not.toMatch(/acme\./i);
    expect(masked.indexOf('Acme rocks.')).toBe(text.indexOf('Acme rocks.'));
  });

  it('leaves the punctuation that ends a sentence after a URL', () => {
    expect(maskLinks('See https://acme.com/x.')).toBe(`See ${' '.repeat('https://acme.com/x'.length)}.`);
  });

  it('stops at the bracket closing a markdown link', () => {
    expect(maskLinks('[Acme](https://acme.com)')).toBe(`[Acme](${' '.repeat(16)})`);
  });

  it('returns text without links unchanged', () => {
    const text = 'Acme.com and Booking.com are names here; 5 @ 3 is not an address.';
    expect(maskLinks(text)).toBe(text);
  });
});
