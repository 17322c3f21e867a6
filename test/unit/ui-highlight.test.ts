import { describe, expect, it } from 'vitest';
import { highlightSegments, highlightTerms, mentionSentence } from '../../app/ui/src/highlight.ts';

const splitHighlights = (text: string, terms: (string | null | undefined)[]) =>
  highlightSegments(text, { brand: terms }).map((s) => ({ text: s.text, mark: s.mark !== null }));

const marked = (text: string, terms: string[]) =>
  splitHighlights(text, terms)
    .map((s) => (s.mark ? `[${s.text}]` : s.text))
    .join('');

describe('highlight splitting', () => {
  it('marks every whole-word mention, ignoring case, and keeps the text around it', () => {
    expect(marked('Acme leads; acme is cheap. ACME!', ['Acme'])).toBe(
      '[Acme] leads; [acme] is cheap. [ACME]!',
    );
  });

  it('joins back to exactly the original text', () => {
    const text = 'Try Acme Cloud or Acme, or Globex.';
    const segments = splitHighlights(text, ['Acme', 'Acme Cloud']);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });

  it('prefers the longest term', () => {
    expect(marked('Try Acme Cloud today', ['Acme', 'Acme Cloud'])).toBe('Try [Acme Cloud] today');
  });

  it('does not mark a term inside a longer word', () => {
    expect(marked('Acmeville and NotAcme, but Acme.', ['Acme'])).toBe('Acmeville and NotAcme, but [Acme].');
  });

  it('matches terms literally: regular-expression characters are text', () => {
    expect(marked('C++ and C# and C.', ['C++', 'C#'])).toBe('[C++] and [C#] and C.');
    expect(marked('a.b and axb', ['a.b'])).toBe('[a.b] and axb');
    expect(marked('(.*) stays', ['(.*)'])).toBe('[(.*)] stays');
  });

  it('keeps markup as text: the segments are strings, never parsed', () => {
    const text = '<img src=x onerror=alert(1)> Acme <script>alert(2)</script>';
    const segments = splitHighlights(text, ['Acme']);
    expect(segments).toEqual([
      { text: '<img src=x onerror=alert(1)> ', mark: false },
      { text: 'Acme', mark: true },
      { text: ' <script>alert(2)</script>', mark: false },
    ]);
  });

  it('handles letters beyond ASCII at word edges', () => {
    expect(marked('Über Zürich-Bank und ZürichBank', ['Zürich'])).toBe('Über [Zürich]-Bank und ZürichBank');
  });

  it('answers no segment for empty text and one plain segment without terms', () => {
    expect(splitHighlights('', ['Acme'])).toEqual([]);
    expect(splitHighlights('Acme', [])).toEqual([{ text: 'Acme', mark: false }]);
    expect(splitHighlights('Acme', ['  ', null, undefined])).toEqual([{ text: 'Acme', mark: false }]);
  });

  it('cleans the terms: trimmed, distinct ignoring case, longest first', () => {
    expect(highlightTerms([' Acme ', 'acme', 'Acme Cloud', '', null])).toEqual(['Acme Cloud', 'Acme']);
  });

  it('never marks a name inside a URL, a domain or an e-mail address', () => {
    expect(marked('Northwind is at northwind.example and https://northwind.example/x.', ['Northwind'])).toBe(
      '[Northwind] is at northwind.example and https://northwind.example/x.',
    );
    expect(marked('Mail sales@northwind.io or see www.northwind.com/pricing', ['Northwind'])).toBe(
      'Mail sales@northwind.io or see www.northwind.com/pricing',
    );
    expect(marked('See docs.northwind.co.uk. Northwind. Ends here', ['Northwind'])).toBe(
      'See docs.northwind.co.uk. [Northwind]. Ends here',
    );
  });

  it('tells the brand from its competitors', () => {
    const text = 'Globex beats Acme; acme beats Initech (globex.com).';
    expect(
      highlightSegments(text, { brand: ['Acme'], competitors: ['Globex', 'Initech', 'ACME'] })
        .filter((s) => s.mark)
        .map((s) => `${s.mark}:${s.text}`),
    ).toEqual(['competitor:Globex', 'brand:Acme', 'brand:acme', 'competitor:Initech']);
  });

  it('takes the whole sentence that first names the brand, not the opening of the answer', () => {
    const passage = 'Many tools exist. Globex is popular! Teams like Acme for its boards. It is cheap.';
    expect(mentionSentence(passage, { brand: ['Acme'], competitors: ['Globex'] })).toBe(
      'Teams like Acme for its boards.',
    );
    expect(mentionSentence('Acme leads.\nGlobex follows.', { brand: ['Acme'] })).toBe('Acme leads.');
    // Not a mention inside an address; without a mention the passage stays whole.
    expect(mentionSentence('See acme.example. Nothing else.', { brand: ['Acme'] })).toBe(
      'See acme.example. Nothing else.',
    );
  });
});
