import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/e2e.ts';

describe('answerwatch brand-truth as a real process', () => {
  let dir: string;
  let db: string;
  let projectId: string;
  const cli = async (...args: string[]) => {
    const r = await runCli(...args, '--db', db, '--json');
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };
  const file = (name: string, content: string | Uint8Array) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aw-brand-truth-'));
    db = join(dir, 'answerwatch.db');
    const account = await cli('accounts', 'create', '--plan', 'premium', '--name', 'Brand Truth E2E');
    projectId = (await cli('demo', 'seed', '--account', account.id, '--answers', '0', '--days', '1'))
      .projectId;
    // The demo comes with its Brand Truth; these tests start from a project without one.
    expect((await cli('brand-truth', 'show', '--project', projectId)).statements).toHaveLength(5);
    await cli('brand-truth', 'clear', '--project', projectId);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('shows no Brand Truth for a new project', async () => {
    expect(await cli('brand-truth', 'show', '--project', projectId)).toEqual({
      projectId,
      statements: [],
      updatedAt: null,
    });
    const plain = await runCli('brand-truth', 'show', '--project', projectId, '--db', db);
    expect(plain).toEqual({ code: 0, stdout: `No Brand Truth for ${projectId}.\n`, stderr: '' });
  });

  it('sets statements from a text file and shows them', async () => {
    const path = file(
      'truth.txt',
      '\uFEFF# Northwind Tasks\n\nNorthwind Tasks has a free plan for up to 10 users.\r\nNorthwind Tasks is based in Oslo.\nNORTHWIND TASKS IS BASED IN OSLO.\n',
    );
    const set = await cli('brand-truth', 'set', '--project', projectId, path);
    expect(set).toEqual({
      projectId,
      statements: [
        'Northwind Tasks has a free plan for up to 10 users.',
        'Northwind Tasks is based in Oslo.',
      ],
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      duplicatesDropped: 1,
    });
    expect(await cli('brand-truth', 'show', '--project', projectId)).toEqual({
      projectId,
      statements: set.statements,
      updatedAt: set.updatedAt,
    });
    const plain = await runCli('brand-truth', 'show', '--project', projectId, '--db', db);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toBe(
      [
        `Brand Truth of ${projectId}, updated ${set.updatedAt}:`,
        '  1. Northwind Tasks has a free plan for up to 10 users.',
        '  2. Northwind Tasks is based in Oslo.',
        '',
      ].join('\n'),
    );
  });

  it('replaces the statements with those of a JSON file', async () => {
    const path = file(
      'truth.json',
      JSON.stringify(['Founded in 2019.', 'SOC 2 Type II certified.'], null, 2),
    );
    const plain = await runCli('brand-truth', 'set', '--project', projectId, path, '--db', db);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toBe(`Stored 2 Brand Truth statements for ${projectId}.\n`);
    expect((await cli('brand-truth', 'show', '--project', projectId)).statements).toEqual([
      'Founded in 2019.',
      'SOC 2 Type II certified.',
    ]);
  });

  it('refuses a bad file with the reason, exits 1 and keeps what was stored', async () => {
    const before = await cli('brand-truth', 'show', '--project', projectId);
    const tooLong = file('long.txt', `Fine.\n${'x'.repeat(501)}\n`);
    const badJson = file('bad.json', '["a",\n 42]');
    const empty = file('empty.txt', '# nothing yet\n');
    const set = (path: string, ...more: string[]) =>
      runCli('brand-truth', 'set', '--project', projectId, path, '--db', db, ...more);
    const [r, j, e, missing] = await Promise.all([
      set(tooLong, '--json'),
      set(badJson),
      set(empty),
      set(join(dir, 'nope.txt')),
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `answerwatch: ${tooLong}: line 2: the statement has 501 characters; at most 500 are allowed\n`,
    );
    expect(j.code).toBe(1);
    expect(j.stderr).toContain('line 2 (item 2): a statement must be a string, got number');
    expect(e.code).toBe(1);
    expect(e.stderr).toContain('the file holds no statements');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/cannot read .*nope\.txt/);

    expect(await cli('brand-truth', 'show', '--project', projectId)).toEqual(before);
  });

  it('does not create a database for a bad file', async () => {
    const fresh = join(dir, 'fresh.db');
    const r = await runCli(
      'brand-truth',
      'set',
      '--project',
      projectId,
      file('blank.txt', '\n'),
      '--db',
      fresh,
    );
    expect(r.code).toBe(1);
    expect(existsSync(fresh)).toBe(false);
  });

  it('refuses an unknown project for set, show and clear', async () => {
    const good = file('good.txt', 'A statement.\n');
    const commands = [['set', good], ['show'], ['clear']];
    const runs = await Promise.all(
      commands.map((args) => runCli('brand-truth', ...args, '--project', 'prjNope', '--db', db)),
    );
    runs.forEach((r, i) => {
      expect(r.code, commands[i]?.join(' ')).toBe(1);
      expect(r.stderr).toBe('answerwatch: No project prjNope.\n');
    });
  });

  it('clears the Brand Truth, and says so when there was none', async () => {
    expect(await cli('brand-truth', 'clear', '--project', projectId)).toEqual({ projectId, cleared: true });
    expect(await cli('brand-truth', 'show', '--project', projectId)).toEqual({
      projectId,
      statements: [],
      updatedAt: null,
    });
    const again = await runCli('brand-truth', 'clear', '--project', projectId, '--db', db);
    expect(again).toEqual({ code: 0, stdout: `${projectId} had no Brand Truth.\n`, stderr: '' });
  });

  it('requires --project', async () => {
    const r = await runCli('brand-truth', 'show', '--db', db);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("required option '--project <id>' not specified");
  });
});
