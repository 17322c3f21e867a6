import type { FastifyInstance } from 'fastify';
import { ops } from '../contract/operations.ts';
import {
  acceptSuggestion,
  brandTruthSuggestions,
  dismissSuggestion,
} from '../domain/brand-truth-suggestions.ts';
import type { Services } from '../domain/context.ts';
import { route } from '../http/route.ts';

export function brandTruthRoutes(app: FastifyInstance, s: Services): void {
  route(app, ops.listBrandTruthSuggestions, async ({ params }, req) =>
    brandTruthSuggestions(s, req.caller, params.projectId),
  );
  route(app, ops.acceptBrandTruthSuggestion, async ({ params, body }, req) =>
    acceptSuggestion(s, req.caller, params.projectId, params.suggestionId, body?.text),
  );
  route(app, ops.dismissBrandTruthSuggestion, async ({ params }, req) =>
    dismissSuggestion(s, req.caller, params.projectId, params.suggestionId),
  );
}
