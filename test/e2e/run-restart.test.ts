import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEngines, type FakeEngines } from '../fakes/engines/index.ts';
import { e2eEngines, serviceDatabase, type ServiceDatabase } from '../support/e2e-db.ts';
import { accountWithKey, apiClient, until } from '../support/e2e.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

describe.each(e2eEngines())('a service killed during a run (%s)', (engine) => {
  let database: ServiceDatabase;
  let fakes: FakeEngines;
  let env: Record<string, string>;
  let server: ServerProcess;
  const start = () => startServer(database.location, env, database.mode);

  beforeAll(async () => {
    database = await serviceDatabase(engine);
    fakes = await startFakeEngines({ latencyMs: 250 });
    env = {
      ...fakes.env,
      ...database.env,
      ANSWERWATCH_RUN_LEASE_SECONDS: '2',
      ANSWERWATCH_ENGINE_CONCURRENCY: '2',
      ANSWERWATCH_JUDGE: 'off',
      ANSWERWATCH_LOG_LEVEL: 'warn',
    };
    server = await start();
  }, 120_000);
  afterAll(async () => {
    await server.stop();
    await fakes.close();
    await database.close();
  }, 120_000);

  it('comes back with the request resumed, every slot answered once, none twice', async () => {
    const { key } = await accountWithKey(database.location);
    const call = apiClient(() => server.baseUrl, key);
    const project = await call('/projects', 'POST', { name: 'Acme', websiteUrl: 'https://acme.example' });
    expect(project.status).toBe(201);
    const p = project.body.id as string;
    for (let i = 0; i < 12; i += 1) {
      const r = await call(`/projects/${p}/prompts`, 'POST', {
        text: `which tool is best for job ${i}`,
        engineIds: ['chatgpt', 'gemini'],
      });
      expect(r.status).toBe(201);
    }
    const started = await call(`/projects/${p}/run-requests`, 'POST');
    expect(started.status).toBe(202);
    const requestId = started.body.id as string;

    const partial = await until(
      'some answers',
      async () => (await call(`/projects/${p}/runs`)).body.data[0] as { answerCount: number } | undefined,
      (r) => r !== undefined && r.answerCount >= 4,
    );
    expect(partial!.answerCount).toBeLessThan(24);
    await server.kill();

    server = await start();
    const request = await until(
      'the request to end',
      async () => (await call(`/projects/${p}/run-requests/${requestId}`)).body,
      (r) => r.status !== 'running' && r.status !== 'queued',
    );
    expect(request).toMatchObject({ status: 'completed', error: null });
    expect(request.runIds).toHaveLength(1);
    const runs = (await call(`/projects/${p}/runs`)).body.data as { id: string; answerCount: number }[];
    expect(runs).toHaveLength(1);
    expect(runs[0]!.answerCount).toBe(24);
    const answers = (await call(`/projects/${p}/answers?runId=${runs[0]!.id}&limit=200`)).body.data as {
      promptId: string;
      engineId: string;
    }[];
    expect(answers).toHaveLength(24);
    expect(new Set(answers.map((a) => `${a.promptId}/${a.engineId}`)).size).toBe(24);
  }, 120_000);
});
