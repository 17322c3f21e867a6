/**
 * Every link in the repository's markdown resolves: to a file of the repository (and a heading of it, for a link
 * with `#`), or to the service on this machine. Nothing points outside the repository, which a clone would not have.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { linkProblems, markdownFiles } from '../support/markdown.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** A file's text ('' for a folder, which a link may name), or null when there is nothing at the path. */
function readRepo(path: string): string | null {
  const full = join(ROOT, path);
  if (!existsSync(full)) return null;
  return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8');
}

describe('the markdown of the repository', () => {
  const files = markdownFiles(ROOT);

  test('includes the README and its guides', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'server/README.md',
        'app/README.md',
        'engines/README.md',
        'test/README.md',
      ]),
    );
  });

  test.each(files)('%s links only to what the repository holds', (file) => {
    expect(linkProblems(file, readFileSync(join(ROOT, file), 'utf8'), readRepo)).toEqual([]);
  });
});

describe('the link check', () => {
  const repo: Record<string, string> = {
    'README.md': '# Answerwatch\n\n## First steps\n',
    'server/README.md':
      '# The service\n\n## Signed-in browser engines (`*-local-fetch`)\n\n## Runs\n\n## Runs\n',
  };
  const read = (path: string) => repo[path] ?? null;
  const check = (markdown: string) => linkProblems('server/README.md', markdown, read);

  test('accepts files, headings (by GitHub anchors) and the service on this machine', () => {
    expect(
      check(
        [
          '[home](../README.md#first-steps) and [here](#runs-1) and [engines](#signed-in-browser-engines--local-fetch)',
          '[docs](http://127.0.0.1:8787/v1/docs), <http://localhost:8787/app/>, `[not a link](../../x.md)`',
          '```md\n[in code](https://example.com)\n```',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  test('refuses links outside the repository, missing files and missing headings', () => {
    expect(
      check(
        [
          'the [contract](../../shared/spec/api.md), [a site](https://marked.js.org),',
          '[absolute](/README.md), [gone](./missing.md), [no such heading](../README.md#last-steps)',
          '[ref]: https://example.com/x',
        ].join('\n'),
      ),
    ).toEqual([
      'server/README.md:1: ../../shared/spec/api.md leaves the repository',
      'server/README.md:1: https://marked.js.org points outside the repository',
      'server/README.md:2: /README.md is absolute; write it relative to server/README.md',
      'server/README.md:2: ./missing.md: no file server/missing.md',
      'server/README.md:2: ../README.md#last-steps: README.md has no heading #last-steps',
      'server/README.md:3: https://example.com/x points outside the repository',
    ]);
  });
});
