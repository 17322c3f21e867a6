import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/e2e.ts';

describe('the answerwatch CLI as a real process', () => {
  let dir: string;
  let db: string;
  let accountId: string;
  let keyId: string;
  let projectId: string;
  const cli = async (...args: string[]) => {
    const r = await runCli(...args, '--db', db, '--json');
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'aw-cli-'));
    db = join(dir, 'answerwatch.db');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates an account and a key', async () => {
    const account = await cli('accounts', 'create', '--plan', 'premium', '--name', 'E2E');
    expect(account).toMatchObject({ plan: 'premium', name: 'E2E' });
    accountId = account.id;
    const key = await cli(
      'keys',
      'create',
      '--account',
      accountId,
      '--label',
      'ci',
      '--scopes',
      'runs:execute',
    );
    expect(key.key).toMatch(/^aw_live_[A-Za-z0-9]{40}$/);
    expect(key.scopes).toEqual(['visibility:read', 'runs:execute']);
    keyId = key.keyId;
  });

  it('seeds a demo project, printing just its id without --json', async () => {
    const seeded = await cli('demo', 'seed', '--account', accountId, '--answers', '200', '--days', '7');
    // Seven days leave no history before a week of runs, so there are none; some answers have a browser twin.
    expect(seeded).toEqual({
      projectId: expect.stringMatching(/^prj[A-Za-z0-9]+$/),
      answers: expect.any(Number),
      runs: { completed: 0, failed: 0 },
      webhookId: expect.stringMatching(/^whk/),
    });
    expect(seeded.answers).toBeGreaterThan(200);
    expect(seeded.answers).toBeLessThan(260);
    projectId = seeded.projectId;
    const plain = await runCli(
      'demo',
      'seed',
      '--account',
      accountId,
      '--answers',
      '10',
      '--days',
      '7',
      '--db',
      db,
    );
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^prj[A-Za-z0-9]+\n$/);
  });

  it('seeds browser twins for the API vs app page, and refuses a share above 1', async () => {
    const seeded = await cli(
      'demo',
      'seed',
      '--account',
      accountId,
      '--answers',
      '200',
      '--days',
      '7',
      '--browser-twins',
      '0.5',
    );
    const sqlite = new Database(db, { readonly: true });
    const twins = sqlite
      .prepare("select count(*) as n from answers where project_id = ? and engine_id like '%-local-fetch'")
      .get(seeded.projectId) as { n: number };
    sqlite.close();
    expect(twins.n).toBeGreaterThan(0);
    const bad = await runCli('demo', 'seed', '--account', accountId, '--browser-twins', '2', '--db', db);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--browser-twins must be a share from 0 to 1, like 0.2, got 2');
  });

  it('imports a file, stores the valid lines and exits 1 naming the bad line', async () => {
    const file = join(dir, 'answers.ndjson');
    const good = (id: string) =>
      JSON.stringify({
        id,
        promptText: 'Best kanban board app for a startup',
        engineId: 'perplexity',
        observedAt: '2025-03-01T23:30:00-05:00',
        text: 'Northwind Tasks is praised for its intuitive boards. Tasklane is also popular.',
        sources: [
          { url: 'https://www.northwindtasks.com/features?utm_source=perplexity', title: 'Features' },
        ],
      });
    writeFileSync(file, [good('e2e-1'), '{"promptText": oops}', good('e2e-2'), ''].join('\n'));
    const r = await runCli('answers', 'import', '--project', projectId, file, '--db', db, '--json');
    expect(r.code).toBe(1);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ imported: 2, duplicates: 0, invalidCount: 1 });
    expect(result.invalid).toEqual([{ line: 2, error: expect.stringContaining('not valid JSON') }]);

    const again = await runCli('answers', 'import', '--project', projectId, file, '--db', db);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('Imported 0 answers; 2 already stored; 1 invalid lines.');
    expect(again.stdout).toMatch(/line 2: not valid JSON/);
  });

  it('exits 1 with a clear message for a missing file or an unknown project', async () => {
    const missing = await runCli(
      'answers',
      'import',
      '--project',
      projectId,
      join(dir, 'nope.ndjson'),
      '--db',
      db,
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/cannot read .*nope\.ndjson/);
    const file = join(dir, 'empty.ndjson');
    writeFileSync(file, '');
    const unknown = await runCli('answers', 'import', '--project', 'prjNope', file, '--db', db);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No project prjNope.');
  });

  it('lists and revokes the key, then updates the account', async () => {
    const keys = await cli('keys', 'list', '--account', accountId);
    expect(keys).toEqual([expect.objectContaining({ keyId, label: 'ci', revokedAt: null })]);
    expect(JSON.stringify(keys)).not.toContain('aw_live_');
    expect(await cli('keys', 'revoke', keyId)).toEqual({ keyId, revoked: true });
    const [revoked] = await cli('keys', 'list', '--account', accountId);
    expect(revoked.revokedAt).toEqual(expect.any(String));
    const updated = await cli('accounts', 'update', accountId, '--plan', 'byok', '--prepaid-credits', '5');
    expect(updated).toMatchObject({ id: accountId, plan: 'byok', prepaidCredits: 5 });
  });

  it('invites the first owner of an account made at a shell, prints the link, and refuses a second owner', async () => {
    const invited = await cli(
      'people',
      'invite',
      '--account',
      accountId,
      '--email',
      'Boss@Example.com',
      '--role',
      'owner',
    );
    expect(invited).toMatchObject({ accountId, email: 'boss@example.com', role: 'owner' });
    expect(invited.link).toBe(`http://127.0.0.1:8787/app/accept-invitation?id=${invited.invitationId}`);
    const listed = await cli('people', 'list', '--account', accountId);
    expect(listed).toEqual({
      members: [],
      invitations: [
        expect.objectContaining({ invitationId: invited.invitationId, email: 'boss@example.com' }),
      ],
    });
    const bad = await runCli(
      'people',
      'invite',
      '--account',
      accountId,
      '--email',
      'x@example.com',
      '--role',
      'king',
      '--db',
      db,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/role: one of owner, admin, member, viewer/);
    const sqlite = new Database(db, { readonly: true });
    const log = sqlite
      .prepare('select kind, actor_type, target from audit_log where account_id = ?')
      .all(accountId);
    sqlite.close();
    expect(log).toContainEqual({
      kind: 'person_invited',
      actor_type: 'operator',
      target: 'boss@example.com',
    });
    expect(log).toContainEqual({ kind: 'key_revoked', actor_type: 'operator', target: keyId });
  });
});
