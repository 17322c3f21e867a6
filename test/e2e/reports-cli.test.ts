import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBrowser } from '../support/browser.ts';
import { runCli } from '../support/e2e.ts';

const browser = requireBrowser();

describe.skipIf(browser === null)('npx answerwatch reports send, as a real process', () => {
  let dir: string;
  let db: string;
  let projectId: string;
  const cli = async (...args: string[]) => {
    const r = await runCli(...args, '--db', db, '--json');
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aw-reports-'));
    db = join(dir, 'answerwatch.db');
    const account = await cli('accounts', 'create', '--plan', 'premium', '--name', 'Reports');
    projectId = (await cli('demo', 'seed', '--account', account.id, '--answers', '100', '--days', '14'))
      .projectId;
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('queues the period’s report once per recipient in the outbox, the PDF attached (sealed)', async () => {
    const args = [
      'reports',
      'send',
      '--project',
      projectId,
      '--recipients',
      'ada@example.com,bob@example.com',
    ];
    const first = await cli(...args, '--from', '2020-01-01', '--to', '2020-01-07');
    expect(first).toEqual({
      from: '2020-01-01',
      to: '2020-01-07',
      mails: [
        { to: 'ada@example.com', queued: true },
        { to: 'bob@example.com', queued: true },
      ],
    });
    const again = await cli(...args, '--from', '2020-01-01', '--to', '2020-01-07');
    expect(again.mails.map((m: { queued: boolean }) => m.queued)).toEqual([false, false]);
    const plain = await runCli(
      'reports',
      'send',
      '--project',
      projectId,
      '--recipients',
      'cy@example.com',
      '--db',
      db,
    );
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toMatch(
      /^Report of \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}:\n {2}cy@example\.com: queued\n/,
    );
    const sqlite = new Database(db, { readonly: true });
    try {
      const rows = sqlite
        .prepare("select recipient, subject, content_sealed from mail_outbox where kind = 'report'")
        .all() as {
        recipient: string;
        subject: string;
        content_sealed: string;
      }[];
      expect(rows.map((r) => r.recipient).sort()).toEqual([
        'ada@example.com',
        'bob@example.com',
        'cy@example.com',
      ]);
      expect(rows[0]!.subject).toMatch(/: report of 2020-01-01 to 2020-01-07$/);
      // Sealed at rest: no page and no PDF in the clear.
      expect(rows[0]!.content_sealed).not.toMatch(/%PDF|<html|JVBERi0/);
    } finally {
      sqlite.close();
    }
  }, 120_000);

  it('refuses an unknown project and a bad address in one line', async () => {
    const unknown = await runCli(
      'reports',
      'send',
      '--project',
      'prjNope',
      '--recipients',
      'a@example.com',
      '--db',
      db,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('answerwatch: No project prjNope in this database.');
    const bad = await runCli('reports', 'send', '--project', projectId, '--recipients', 'nobody', '--db', db);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/the recipient is not one e-mail address/);
  }, 60_000);

  it('without --recipients sends to the digest’s recipients who did not unsubscribe, with their links', async () => {
    const none = await runCli('reports', 'send', '--project', projectId, '--db', db);
    expect(none.code).toBe(1);
    expect(none.stderr.trim()).toBe(
      'answerwatch: the project’s digest has no recipients (or all of them unsubscribed)',
    );
    const sqlite = new Database(db);
    try {
      sqlite
        .prepare(
          "insert into report_digests (project_id, cadence, weekday, recipients, updated_at) values (?, 'weekly', 'monday', ?, '2026-01-01T00:00:00.000Z')",
        )
        .run(
          projectId,
          JSON.stringify([
            { email: 'dee@example.com', personId: null },
            { email: 'eve@example.com', personId: null },
          ]),
        );
      sqlite
        .prepare(
          "insert into report_digest_optouts (project_id, email, unsubscribed_at) values (?, 'eve@example.com', '2026-01-01T00:00:00.000Z')",
        )
        .run(projectId);
    } finally {
      sqlite.close();
    }
    const sent = await cli(
      'reports',
      'send',
      '--project',
      projectId,
      '--from',
      '2020-02-01',
      '--to',
      '2020-02-07',
    );
    expect(sent).toEqual({
      from: '2020-02-01',
      to: '2020-02-07',
      mails: [{ to: 'dee@example.com', queued: true }],
    });
    const check = new Database(db, { readonly: true });
    try {
      // One share link of the period and one unsubscribe token for the recipient, both kept only as hashes.
      expect(
        check.prepare('select from_date, to_date from report_links where from_date = ?').all('2020-02-01'),
      ).toEqual([{ from_date: '2020-02-01', to_date: '2020-02-07' }]);
      expect(check.prepare('select email from report_unsubscribe_tokens').all()).toEqual([
        { email: 'dee@example.com' },
      ]);
    } finally {
      check.close();
    }
  }, 120_000);
});
