import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceDatabase, type ServiceDatabase } from '../support/e2e-db.ts';
import { accountWithKey } from '../support/e2e.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

const REGISTER = new URL('../fixtures/loaded-modules/register.mjs', import.meta.url).href;
const SDK = '/node_modules/@modelcontextprotocol/sdk/';

/**
 * The MCP SDK and tools load with the first /mcp call, not at start: most services never get one, and loaded at
 * start they held heap towards issue 16's memory target for nothing (test/README.md, "Service memory").
 */
describe('serve loads the MCP SDK on the first /mcp call', () => {
  let database: ServiceDatabase;
  let server: ServerProcess;
  let key: string;
  let dir: string;
  let log: string;
  const sdkModules = () =>
    readFileSync(log, 'utf8')
      .split('\n')
      .filter((url) => url.includes(SDK));

  beforeAll(async () => {
    database = await serviceDatabase('sqlite');
    ({ key } = await accountWithKey(database.location));
    dir = mkdtempSync(join(tmpdir(), 'aw-modules-'));
    log = join(dir, 'modules.log');
    server = await startServer(database.location, {
      ANSWERWATCH_LOG_LEVEL: 'warn',
      NODE_OPTIONS: `--import ${REGISTER}`,
      LOADED_MODULES_LOG: log,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts without it, and answers the first call with it', async () => {
    const me = await fetch(`${server.baseUrl}/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(me.status).toBe(200);
    expect(readFileSync(log, 'utf8')).toContain('/dist/server/app.js');
    expect(sdkModules()).toEqual([]);

    const r = await fetch(new URL('/mcp', server.baseUrl), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      }),
    });
    expect(r.status).toBe(200);
    expect(
      ((await r.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name,
    ).toBeTruthy();
    expect(sdkModules().length).toBeGreaterThan(0);
  });
});
