/**
 * Escaping and the small markdown subset the OpenAPI descriptions are written in: paragraphs, `-` and `1.`
 * lists, fenced code, inline code and in-page links. Everything is escaped first, so a description (or a
 * tampered document) can never inject markup; links to anything but `#anchors` stay plain text.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Anchor id for a heading or tag name, e.g. "Rate limits" -> "rate-limits". */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const LINK = /\[([^\]]+)\]\((#[A-Za-z0-9_.:-]+)\)/g;

function textWithLinks(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label = '', href = ''] = match;
    html +=
      escapeHtml(text.slice(last, match.index)) + `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
    last = match.index + whole.length;
  }
  return html + escapeHtml(text.slice(last));
}

/** One line of markdown: backtick spans become `<code>`, the rest is escaped text with in-page links. */
export function renderInline(text: string): string {
  return text
    .split('`')
    .map((part, index) => (index % 2 === 1 ? `<code>${escapeHtml(part)}</code>` : textWithLinks(part)))
    .join('');
}

const BULLET = /^- (.*)$/;
const NUMBERED = /^\d+\. (.*)$/;

export function renderMarkdown(markdown: string): string {
  const lines = markdown.split('\n');
  const blocks: string[] = [];
  let index = 0;
  const collect = (pattern: RegExp): string[] => {
    const items: string[] = [];
    for (let match; index < lines.length && (match = pattern.exec(lines[index] ?? '')); index++) {
      items.push(`<li>${renderInline(match[1] ?? '')}</li>`);
    }
    return items;
  };
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (line.trim() === '') {
      index++;
    } else if (line.startsWith('```')) {
      const code: string[] = [];
      for (index++; index < lines.length && !(lines[index] ?? '').startsWith('```'); index++)
        code.push(lines[index] ?? '');
      index++;
      blocks.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
    } else if (BULLET.test(line)) {
      blocks.push(`<ul>${collect(BULLET).join('')}</ul>`);
    } else if (NUMBERED.test(line)) {
      blocks.push(`<ol>${collect(NUMBERED).join('')}</ol>`);
    } else {
      const paragraph: string[] = [];
      for (; index < lines.length && isParagraphLine(lines[index] ?? ''); index++)
        paragraph.push(lines[index] ?? '');
      blocks.push(`<p>${renderInline(paragraph.join(' '))}</p>`);
    }
  }
  return blocks.join('\n');
}

function isParagraphLine(line: string): boolean {
  return line.trim() !== '' && !line.startsWith('```') && !BULLET.test(line) && !NUMBERED.test(line);
}

export interface MarkdownSection {
  title: string;
  body: string;
}

/** Splits a description at its `## ` headings: the text before the first one, then one entry per heading. */
export function splitSections(markdown: string): { intro: string; sections: MarkdownSection[] } {
  const [intro = '', ...rest] = markdown.split(/^## /m);
  const sections = rest.map((chunk) => {
    const newline = chunk.indexOf('\n');
    return newline === -1
      ? { title: chunk.trim(), body: '' }
      : { title: chunk.slice(0, newline).trim(), body: chunk.slice(newline + 1) };
  });
  return { intro, sections };
}
