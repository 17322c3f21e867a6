import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import { TRAFFIC_BATCH_BYTES } from '../contract/operations/traffic.ts';
import type { Services } from '../domain/context.ts';
import { decodeContentEncoding } from '../http/content-encoding.ts';
import { route } from '../http/route.ts';
import { crawlerStats } from '../traffic/crawler-stats.ts';
import { pageStats } from '../traffic/page-stats.ts';
import { referralStats } from '../traffic/referral-stats.ts';
import { storeTrafficBatch } from '../traffic/traffic-batch.ts';

/** Access-log analytics (extensions of v1): the shippers' batches in, the three reads out. */
export function trafficRoutes(app: FastifyInstance, s: Services): void {
  // A batch is text (NDJSON, or a JSON array of lines) read whole, up to 5 MB: in a scope of its own, so the
  // rest of the API keeps its JSON parser and its 1 MB limit. Shippers may gzip it.
  void app.register(async (scope) => {
    scope.addHook('preParsing', async (req, _reply, payload) => decodeContentEncoding(req, payload));
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      ['application/x-ndjson', 'application/jsonl', 'application/json'],
      { parseAs: 'string', bodyLimit: TRAFFIC_BATCH_BYTES },
      (_req, body, done) => done(null, body),
    );
    route(scope, ops.postTraffic, async ({ params, body }, req, reply) => {
      const json = (req.headers['content-type'] ?? '').startsWith('application/json');
      reply.code(202);
      return storeTrafficBatch(s, req.caller, params.projectId, body, json);
    });
  });
  route(app, ops.getCrawlerStats, async ({ params, query }, req) =>
    crawlerStats(s, req.caller, params.projectId, query),
  );
  route(app, ops.getReferralStats, async ({ params, query }, req) =>
    referralStats(s, req.caller, params.projectId, query),
  );
  route(app, ops.getPageStats, async ({ params, query }, req) =>
    pageStats(s, req.caller, params.projectId, query),
  );
}
