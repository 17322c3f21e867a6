import { describe, expect, it } from 'vitest';
import { inlineText, markdownText, parseMarkdown, type MdNode } from '../../app/ui/src/markdown.ts';

/** Every element of a tree with its href, depth first. */
const elements = (nodes: readonly MdNode[]): { tag: string; href?: string }[] =>
  nodes.flatMap((n) =>
    'tag' in n ? [{ tag: n.tag, ...(n.href && { href: n.href }) }, ...elements(n.children)] : [],
  );

describe('answer markdown', () => {
  it('reads bold, lists, tables, code and headings into allowed elements only', () => {
    const tree = parseMarkdown(
      '# Best\n\n**Acme** and *Globex*\n\n1. one\n2. `two`\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(elements(tree).map((e) => e.tag)).toEqual([
      'h3',
      'p',
      'strong',
      'em',
      'ol',
      'li',
      'li',
      'code',
      'table',
      'thead',
      'tr',
      'th',
      'th',
      'tbody',
      'tr',
      'td',
      'td',
    ]);
    expect(markdownText(tree)).toBe('BestAcme and Globexonetwoab12');
  });

  it('keeps raw HTML as text: no element comes from it', () => {
    const source =
      'Hi <img src=x onerror=alert(1)> <b>bold</b>\n\n<script>alert(2)</script>\n\n<iframe src="https://x"></iframe>';
    const tree = parseMarkdown(source);
    expect(elements(tree).map((e) => e.tag)).toEqual(['p', 'p', 'p']);
    const text = markdownText(tree);
    expect(text).toContain('<img src=x onerror=alert(1)>');
    expect(text).toContain('<script>alert(2)</script>');
    expect(text).toContain('<iframe src="https://x"></iframe>');
  });

  it('links only http(s) addresses; any other keeps its words without an address', () => {
    const tree = parseMarkdown(
      '[a](javascript:alert(1)) [b](data:text/html,x) [c](//evil.example) [d](https://ok.example/p) ![img](https://x/y.png) <https://auto.example>',
    );
    expect(elements(tree).filter((e) => e.tag === 'a')).toEqual([
      { tag: 'a', href: 'https://ok.example/p' },
      { tag: 'a', href: 'https://auto.example/' },
    ]);
    expect(markdownText(tree)).toContain('a b c d img');
  });

  it('numbers headings below the page’s own, keeping their order', () => {
    expect(elements(parseMarkdown('### x\n\n##### y\n\n###### z')).map((e) => e.tag)).toEqual([
      'h3',
      'h4',
      'h5',
    ]);
  });
});

describe('inlineText (an excerpt as the web UI shows it)', () => {
  it('reads the inline markup of a passage and keeps everything else as written', () => {
    expect(
      inlineText('1. **Northwind Tasks** is popular; `npm i` and *fast* [docs](https://x.example/d).'),
    ).toBe('1. Northwind Tasks is popular; npm i and fast docs.');
    expect(inlineText('<b>raw</b> stays text, **not bold**')).toBe('<b>raw</b> stays text, not bold');
  });
});
