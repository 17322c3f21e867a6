import { Cursor, DateRangeQuery, EngineFilter, Limit, ResourceId } from '../common.ts';
import { Action, Actions, ActionUpdate } from '../actions.ts';
import { ok, projectPath, withEtag, withId } from '../operation.ts';
import type { Operation } from '../operation.ts';

/** Any id, as every other path id: one no action has (a malformed one included) is 404 `not_found`. */
const ActionPathId = ResourceId.describe('An action id, as listed').meta({
  examples: ['act_3f9a1c0b7e25d4a8c6b1'],
});

/** Ranked actions: extensions of v1 beyond the contract, under the same rules as its reads and writes. */

const filters = DateRangeQuery.extend({
  engine: EngineFilter.optional(),
  topicId: ResourceId.optional()
    .describe('Only answers to prompts of this topic')
    .meta({ examples: ['pricing'] }),
});

const RANK =
  'Ranked by reach: most answers first, then most prompts, then most engines, then by kind (win-back-prompt, get-cited-on, cover-query, spread-page, fix-narrative), then by id; the same data always gives the same order.';

export const actionOps = {
  listActions: {
    operationId: 'listActions',
    method: 'GET',
    path: '/projects/{projectId}/actions',
    tag: 'Insights',
    extension: true,
    summary: 'What to do next: ranked actions with their evidence',
    description: `Concrete things to do, computed from the summaries of the answers in the range: get cited on the sites and pages engines list beside competitors and never beside the brand (worded by the site's type), win back prompts the brand dropped out of on an engine where a competitor stayed (the range against the period of the same length before it), cover web searches engines run often whose answers never cite the brand, spread brand pages some engines cite and others never do on the same prompts, fix the narrative where answers keep contradicting a Brand Truth statement (two answers or more that the judge found drifting on it, fully or partly; keyed by the statement's text, so an edited statement starts afresh). ${RANK} Titles and evidence may quote engine and site text (untrusted): render them as text. The range defaults to the last 30 days and is at most 366 days. Send the ETag back in If-None-Match to get 304 when nothing changed.`,
    scope: 'visibility:read',
    params: projectPath,
    query: filters.extend({ cursor: Cursor.optional(), limit: Limit }),
    responses: withEtag(Actions),
    errors: [400, 404],
  },
  updateAction: {
    operationId: 'updateAction',
    method: 'PATCH',
    path: '/projects/{projectId}/actions/{actionId}',
    tag: 'Insights',
    extension: true,
    summary: "Set an action's status: open, done or dismissed",
    description:
      'The action is found as the list computes it with the same query (range, engines, topic; the defaults of the list when left out), and the status is kept with a fingerprint of its evidence: while the evidence stays the same the status holds; when it changes materially (the sites type, the engines concerned, or the answers crossing a power of two) the action is open again. 404 `not_found` when no action of that id is in the list.',
    scope: 'tracking:write',
    params: withId('actionId', ActionPathId),
    query: filters,
    body: ActionUpdate,
    responses: ok(Action),
  },
} satisfies Record<string, Operation>;
