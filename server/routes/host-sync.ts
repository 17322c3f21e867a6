import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AnswersBody,
  CheckInBody,
  FinishBody,
  HOST_PREFIX,
  PairBody,
  ProjectPath,
  RequestPath,
  RunPath,
  ScheduledRunBody,
} from '../contract/host-sync.ts';
import {
  CrawlFinishBody,
  CrawlPagesBody,
  CrawlPath,
  ScheduledCrawlBody,
} from '../contract/host-site-crawls.ts';
import { AppError } from '../domain/errors.ts';
import {
  claimSiteCrawl,
  finishSiteCrawl,
  startScheduledCrawl,
  uploadCrawlPages,
} from '../domain/host-site-crawls.ts';
import { hashSecret, pairHost } from '../domain/host-pairing.ts';
import {
  checkIn,
  claimRequest,
  finishHostRun,
  startHostScheduledRun,
  uploadAnswers,
  type HostServices,
} from '../domain/host-sync.ts';
import type { HostRecord } from '../store/repositories/hosts.ts';

declare module 'fastify' {
  interface FastifyRequest {
    hostComputer: HostRecord;
  }
}

const TOKEN = /^Bearer\s+(awh_[A-Za-z0-9]{40})\s*$/i;

/**
 * The host sync API (`/host/v1`): what a paired computer calls with its device token. It is not part of the
 * public contract, so it is not in the operations table and not in /v1/openapi.json.
 */
export async function hostSyncRoutes(app: FastifyInstance, s: HostServices): Promise<void> {
  await app.register(
    async (host) => {
      host.decorateRequest('hostComputer', null as unknown as HostRecord);
      host.addHook('onRequest', async (request: FastifyRequest, reply) => {
        if (request.routeOptions.url === `${HOST_PREFIX}/pair`) return;
        const token = request.headers.authorization?.match(TOKEN)?.[1];
        const found = token ? await s.store.hosts.byTokenHash(hashSecret(token)) : undefined;
        if (!found) {
          reply.header('www-authenticate', 'Bearer realm="answerwatch-host", error="invalid_token"');
          throw new AppError(
            'invalid_key',
            'Send this computer’s device token as `Authorization: Bearer awh_…`; pair again if it was lost.',
          );
        }
        request.hostComputer = found;
      });
      host.post('/pair', { schema: { body: PairBody } }, async (req, reply) => {
        reply.code(201);
        return pairHost(s.store, s.clock, PairBody.parse(req.body), req.ip);
      });
      host.post('/check-in', { schema: { body: CheckInBody } }, async (req) =>
        checkIn(s, req.hostComputer, CheckInBody.parse(req.body)),
      );
      host.post('/run-requests/:requestId/claim', { schema: { params: RequestPath } }, async (req) =>
        claimRequest(s, req.hostComputer, RequestPath.parse(req.params).requestId),
      );
      host.post(
        '/projects/:projectId/runs',
        { schema: { params: ProjectPath, body: ScheduledRunBody } },
        async (req) =>
          startHostScheduledRun(
            s,
            req.hostComputer,
            ProjectPath.parse(req.params).projectId,
            ScheduledRunBody.parse(req.body),
          ),
      );
      host.post('/runs/:runId/answers', { schema: { params: RunPath, body: AnswersBody } }, async (req) =>
        uploadAnswers(
          s,
          req.hostComputer,
          RunPath.parse(req.params).runId,
          AnswersBody.parse(req.body).answers,
        ),
      );
      host.post('/runs/:runId/finish', { schema: { params: RunPath, body: FinishBody } }, async (req) =>
        finishHostRun(s, req.hostComputer, RunPath.parse(req.params).runId, FinishBody.parse(req.body)),
      );
      host.post('/site-crawls/:crawlId/claim', { schema: { params: CrawlPath } }, async (req) =>
        claimSiteCrawl(s, req.hostComputer, CrawlPath.parse(req.params).crawlId),
      );
      host.post(
        '/projects/:projectId/site-crawls',
        { schema: { params: ProjectPath, body: ScheduledCrawlBody } },
        async (req) =>
          startScheduledCrawl(
            s,
            req.hostComputer,
            ProjectPath.parse(req.params).projectId,
            ScheduledCrawlBody.parse(req.body).clientCrawlId,
          ),
      );
      host.post(
        '/site-crawls/:crawlId/pages',
        { schema: { params: CrawlPath, body: CrawlPagesBody } },
        async (req) =>
          uploadCrawlPages(
            s,
            req.hostComputer,
            CrawlPath.parse(req.params).crawlId,
            CrawlPagesBody.parse(req.body).pages,
          ),
      );
      host.post(
        '/site-crawls/:crawlId/finish',
        { schema: { params: CrawlPath, body: CrawlFinishBody } },
        async (req) =>
          finishSiteCrawl(
            s,
            req.hostComputer,
            CrawlPath.parse(req.params).crawlId,
            CrawlFinishBody.parse(req.body),
          ),
      );
    },
    { prefix: HOST_PREFIX },
  );
}
