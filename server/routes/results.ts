import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import { answerSummary } from '../domain/answer-summary.ts';
import { getAnswer, listAnswers } from '../domain/answers.ts';
import type { Services } from '../domain/context.ts';
import { listRuns } from '../domain/runs.ts';
import { route } from '../http/route.ts';

export function resultRoutes(app: FastifyInstance, s: Services): void {
  route(app, ops.listRuns, async ({ params, query }, req) =>
    listRuns(s, req.caller, params.projectId, query),
  );
  route(app, ops.listAnswers, async ({ params, query }, req) =>
    listAnswers(s, req.caller, params.projectId, query),
  );
  route(app, ops.getAnswer, async ({ params }, req) =>
    getAnswer(s, req.caller, params.projectId, params.answerId),
  );
  route(app, ops.getAnswerSummary, async ({ params, query }, req) =>
    answerSummary(s, req.caller, params.projectId, query),
  );
}
