/**
 * An engine's answer as markdown, read by marked's lexer into a small tree of allowed elements. No HTML is ever
 * made from it: raw HTML in the answer stays text, a link keeps its href only when it is http(s), images become
 * their alt text, and headings are renumbered to sit below the page's own (h3 and down). The tree is turned into
 * DOM by `markdownNodes` (markdown-dom.ts), text by text, so this is the allow-list: what is not listed here
 * cannot reach the page.
 */
import { Lexer, type Token, type Tokens } from 'marked';
import { safeHttpUrl } from './links.ts';

export type MdTag =
  | 'p'
  | 'h3'
  | 'h4'
  | 'h5'
  | 'h6'
  | 'ul'
  | 'ol'
  | 'li'
  | 'blockquote'
  | 'pre'
  | 'code'
  | 'strong'
  | 'em'
  | 'del'
  | 'a'
  | 'br'
  | 'hr'
  | 'table'
  | 'thead'
  | 'tbody'
  | 'tr'
  | 'th'
  | 'td';

export type MdNode =
  { text: string; code?: true } | { tag: MdTag; href?: string; start?: number; children: MdNode[] };

/** At most this much text is read as markdown (the API caps answers at 12,000 characters). */
const MAX_SOURCE = 20_000;

export function parseMarkdown(source: string): MdNode[] {
  const tokens = new Lexer({ gfm: true, breaks: false }).lex(source.slice(0, MAX_SOURCE));
  const depths = [...new Set(headingDepths(tokens))].sort((a, b) => a - b);
  const level = (depth: number) => (['h3', 'h4', 'h5', 'h6'] as const)[Math.min(3, depths.indexOf(depth))]!;
  return blocks(tokens, level);
}

function headingDepths(tokens: readonly Token[]): number[] {
  const out: number[] = [];
  for (const t of tokens) {
    if (t.type === 'heading') out.push((t as Tokens.Heading).depth);
    if (t.type === 'blockquote') out.push(...headingDepths((t as Tokens.Blockquote).tokens));
  }
  return out;
}

type Level = (depth: number) => MdTag;
const el = (tag: MdTag, children: MdNode[], extra: { href?: string; start?: number } = {}): MdNode => ({
  tag,
  ...extra,
  children,
});

function blocks(tokens: readonly Token[], level: Level): MdNode[] {
  const out: MdNode[] = [];
  for (const t of tokens) {
    switch (t.type) {
      case 'space':
      case 'def':
        break;
      case 'heading':
        out.push(el(level((t as Tokens.Heading).depth), inline((t as Tokens.Heading).tokens)));
        break;
      case 'paragraph':
        out.push(el('p', inline((t as Tokens.Paragraph).tokens)));
        break;
      case 'blockquote':
        out.push(el('blockquote', blocks((t as Tokens.Blockquote).tokens, level)));
        break;
      case 'code':
        out.push(el('pre', [el('code', [{ text: (t as Tokens.Code).text, code: true }])]));
        break;
      case 'hr':
        out.push(el('hr', []));
        break;
      case 'list': {
        const list = t as Tokens.List;
        const items = list.items.map((item) => el('li', listItem(item, level)));
        const start =
          list.ordered && typeof list.start === 'number' && list.start !== 1 ? list.start : undefined;
        out.push(el(list.ordered ? 'ol' : 'ul', items, start === undefined ? {} : { start }));
        break;
      }
      case 'table': {
        const table = t as Tokens.Table;
        out.push(
          el('table', [
            el('thead', [
              el(
                'tr',
                table.header.map((c) => el('th', inline(c.tokens))),
              ),
            ]),
            el(
              'tbody',
              table.rows.map((row) =>
                el(
                  'tr',
                  row.map((c) => el('td', inline(c.tokens))),
                ),
              ),
            ),
          ]),
        );
        break;
      }
      case 'text': {
        const text = t as Tokens.Text;
        out.push(el('p', text.tokens ? inline(text.tokens) : [{ text: text.text }]));
        break;
      }
      default:
        // html and anything this list does not know: its source, as text.
        out.push(el('p', [{ text: t.raw }]));
    }
  }
  return out;
}

/** A list item's blocks; a tight item's lone paragraph is unwrapped, as markdown renders it. */
function listItem(item: Tokens.ListItem, level: Level): MdNode[] {
  const children = blocks(item.tokens, level);
  const prefix: MdNode[] = item.task ? [{ text: item.checked ? '☑ ' : '☐ ' }] : [];
  if (!item.loose) {
    return [...prefix, ...children.flatMap((c) => ('tag' in c && c.tag === 'p' ? c.children : [c]))];
  }
  return [...prefix, ...children];
}

function inline(tokens: readonly Token[] | undefined): MdNode[] {
  const out: MdNode[] = [];
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'text':
      case 'escape': {
        const text = t as Tokens.Text;
        if (text.tokens && text.tokens.length > 0) out.push(...inline(text.tokens));
        else out.push({ text: text.text });
        break;
      }
      case 'strong':
        out.push(el('strong', inline((t as Tokens.Strong).tokens)));
        break;
      case 'em':
        out.push(el('em', inline((t as Tokens.Em).tokens)));
        break;
      case 'del':
        out.push(el('del', inline((t as Tokens.Del).tokens)));
        break;
      case 'codespan':
        out.push(el('code', [{ text: (t as Tokens.Codespan).text, code: true }]));
        break;
      case 'br':
        out.push(el('br', []));
        break;
      case 'link': {
        const link = t as Tokens.Link;
        const href = safeHttpUrl(link.href);
        const children = inline(link.tokens);
        // Only an http(s) address becomes a link; any other keeps its words and loses the address.
        out.push(...(href ? [el('a', children, { href })] : children));
        break;
      }
      case 'image':
        out.push({ text: (t as Tokens.Image).text });
        break;
      default:
        // Inline HTML and the unknown: shown as the characters the engine wrote.
        out.push({ text: t.raw });
    }
  }
  return out;
}

/** The plain text of a tree: what a reader reads, markup aside. */
export function markdownText(nodes: readonly MdNode[]): string {
  return nodes.map((n) => ('text' in n ? n.text : markdownText(n.children))).join('');
}

/**
 * The plain text of a passage cut from an answer (an excerpt: one line, whitespace collapsed), its inline markup
 * read so `**Acme**` reads "Acme"; a list number or a heading mark the cut left at its start stays as written.
 */
export function inlineText(passage: string): string {
  return markdownText(inline(Lexer.lexInline(passage.slice(0, MAX_SOURCE), { gfm: true })));
}
