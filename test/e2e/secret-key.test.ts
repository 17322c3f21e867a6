import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../server/domain/accounts.ts';
import { systemClock } from '../../server/domain/clock.ts';
import { createSecretBox } from '../../server/domain/secret-box.ts';
import { enqueueMail } from '../../server/mail/outbox.ts';
import { loadSecretKey } from '../../server/secret-key.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { createStore } from '../../server/store/index.ts';
import { runCli } from '../support/e2e.ts';
import { verification } from '../support/mail.ts';
import { createProject } from '../support/fixtures.ts';
import { startServer } from '../support/server-process.ts';

/**
 * An SQLite database copied without the answerwatch.key beside it: the service would make a new key that cannot
 * open the webhook secrets sealed under the old one, and every signed delivery (and a webhook test) would fail.
 */
describe('a database moved without its sealing key', () => {
  const dirs = [mkdtempSync(join(tmpdir(), 'aw-key-a-')), mkdtempSync(join(tmpdir(), 'aw-key-b-'))];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('is refused at start, saying which key to bring back, and starts once it is back', async () => {
    const [from, to] = dirs.map((d) => join(d, 'answerwatch.db')) as [string, string];
    const store = createStore(await openDatabase(from));
    const account = await createAccount(store, systemClock, { plan: 'premium' });
    const project = await createProject(store, account.id);
    await store.webhooks.create({
      id: 'whkMoved',
      projectId: project.id,
      url: 'https://hooks.example.com/answerwatch',
      events: JSON.stringify(['run.completed']),
      description: null,
      thresholds: null,
      secretSealed: createSecretBox(loadSecretKey({}, from)).seal('whsec_moved'),
      createdAt: systemClock.now().toISOString(),
    });
    await store.close();
    copyFileSync(from, to);

    const refused = await runCli('serve', '--db', to, '--port', '0');
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(
      '1 of 1 webhook secrets in the database do not open with the sealing key',
    );
    expect(refused.stderr).toContain(join(dirs[1]!, 'answerwatch.key'));

    copyFileSync(join(dirs[0]!, 'answerwatch.key'), join(dirs[1]!, 'answerwatch.key'));
    const server = await startServer(to);
    expect(server.output()).toMatch(/listening on/);
    await server.stop();
  });

  it('is refused at start when only queued mail was sealed with the old key', async () => {
    const [from, to] = dirs.map((d) => join(d, 'mail.db')) as [string, string];
    const store = createStore(await openDatabase(from));
    const secrets = createSecretBox(loadSecretKey({}, from));
    await store.transaction((tx) =>
      enqueueMail({ clock: systemClock, secrets }, tx, verification('ada@example.com')),
    );
    await store.close();
    copyFileSync(from, to);
    rmSync(join(dirs[1]!, 'answerwatch.key'), { force: true });

    const refused = await runCli('serve', '--db', to, '--port', '0');
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(
      '1 of 1 queued e-mails in the database do not open with the sealing key',
    );
  });
});
