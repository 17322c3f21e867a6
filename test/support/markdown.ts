/**
 * Reading the repository's markdown in tests: its files, a section, its fenced blocks, its links and the
 * anchors its headings make (GitHub's rule), so the README and the guides can be checked as they are written.
 */
import { readdirSync } from 'node:fs';
import { join, posix, relative } from 'node:path';

/** Folders never searched: installed packages, build output, local data and test output. */
const SKIPPED = new Set(['node_modules', 'dist', 'data', '.git', '.bench', '.scratch', 'artifacts']);

/** Every `*.md` file under `root` (paths relative to it), outside installed packages and build output. */
export function markdownFiles(root: string, dir = root): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...markdownFiles(root, path));
    else if (entry.isFile() && entry.name.endsWith('.md')) found.push(relative(root, path));
  }
  return found.sort();
}

export interface FencedBlock {
  /** The first word of the info string (`sh`, `text`, …), empty when there is none. */
  lang: string;
  body: string;
}

/** The fenced code blocks of `markdown`, in order. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  let open: { fence: string; lang: string; lines: string[] } | null = null;
  for (const line of markdown.split('\n')) {
    const fence = /^\s*(`{3,}|~{3,})\s*(\S*)/.exec(line);
    if (open) {
      if (fence && fence[1]!.startsWith(open.fence) && fence[2] === '') {
        blocks.push({ lang: open.lang, body: open.lines.join('\n') });
        open = null;
      } else {
        open.lines.push(line);
      }
    } else if (fence) {
      open = { fence: fence[1]!, lang: fence[2] ?? '', lines: [] };
    }
  }
  return blocks;
}

/** The lines of `markdown` outside fenced code blocks (each other line kept, so line numbers still count). */
export function proseLines(markdown: string): string[] {
  let inside: string | null = null;
  return markdown.split('\n').map((line) => {
    const fence = /^\s*(`{3,}|~{3,})/.exec(line);
    if (inside) {
      if (fence && fence[1]!.startsWith(inside)) inside = null;
      return '';
    }
    if (fence) {
      inside = fence[1]!;
      return '';
    }
    return line;
  });
}

/** The text of the section under the heading `title` (any level), up to the next heading of its level or above. */
export function section(markdown: string, title: string): string {
  const lines = proseLines(markdown);
  const all = markdown.split('\n');
  const start = lines.findIndex((line) => /^#{1,6} /.test(line) && line.replace(/^#+ /, '') === title);
  if (start < 0) throw new Error(`no heading "${title}"`);
  const level = /^#+/.exec(lines[start]!)![0].length;
  const end = lines.findIndex((line, i) => i > start && new RegExp(`^#{1,${level}} `).test(line));
  return all.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2, …. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6} +(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .replace(/<[^>]*>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

export interface MarkdownLink {
  target: string;
  line: number;
}

/** The targets of inline links and images, reference definitions and autolinks, outside code. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  proseLines(markdown).forEach((raw, index) => {
    const line = raw.replace(/(`+)[\s\S]*?\1/g, '');
    const add = (target: string) => links.push({ target, line: index + 1 });
    for (const m of line.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) add(m[1]!);
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(line);
    if (definition) add(definition[1]!);
    for (const m of line.matchAll(/<([a-z][a-z0-9+.-]*:[^\s>]+)>/gi)) add(m[1]!);
  });
  return links;
}

/** The service on this machine, the one address outside the repository a link may name. */
const SERVICE_URL = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/;

/**
 * What is wrong with the links of `file` (a path relative to the repository's root), whose text is `markdown`: a
 * link must name a file of the repository (and, after `#`, a heading of it when it is markdown), or the service on
 * this machine. `read` answers a repository path's text, '' for a folder, null when nothing is there.
 */
export function linkProblems(
  file: string,
  markdown: string,
  read: (path: string) => string | null,
): string[] {
  const problems: string[] = [];
  for (const { target, line } of markdownLinks(markdown)) {
    const where = `${file}:${line}: ${target}`;
    if (SERVICE_URL.test(target)) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) {
      problems.push(`${where} points outside the repository`);
      continue;
    }
    if (target.startsWith('/')) {
      problems.push(`${where} is absolute; write it relative to ${file}`);
      continue;
    }
    const [pathPart = '', anchor] = target.split('#', 2) as [string, string | undefined];
    const path =
      pathPart === '' ? file : posix.normalize(posix.join(posix.dirname(file), decodeURI(pathPart)));
    if (path === '..' || path.startsWith('../')) {
      problems.push(`${where} leaves the repository`);
      continue;
    }
    const text = read(path);
    if (text === null) {
      problems.push(`${where}: no file ${path}`);
      continue;
    }
    if (
      anchor !== undefined &&
      path.endsWith('.md') &&
      !headingAnchors(text).has(decodeURIComponent(anchor))
    ) {
      problems.push(`${where}: ${path} has no heading #${anchor}`);
    }
  }
  return problems;
}
