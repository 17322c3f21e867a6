import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AnswerId, ProjectId } from '../contract/common.ts';
import { getAnswer } from '../domain/answers.ts';
import { getProject, listProjects } from '../domain/projects.ts';
import { visibilitySummary } from '../domain/visibility-summary.ts';
import { checked, readFor } from './protocol-reads.ts';
import { quoteAnswerDetail } from './quoted-answers.ts';
import type { McpDeps, ToolContext } from './tool.ts';

const JSON_TYPE = 'application/json';
export const projectUri = (projectId: string) => `answerwatch://projects/${projectId}`;
export const answerUri = (projectId: string, answerId: string) =>
  `${projectUri(projectId)}/answers/${answerId}`;

/** Every project the caller reads, page after page (an account has a bounded number of them). */
async function allProjects({ s, caller }: ToolContext) {
  const projects = [];
  let cursor: string | undefined;
  do {
    const page = await listProjects(s, caller, { cursor, limit: 200 });
    projects.push(...page.data);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return projects;
}

/** A project and its visibility over the last 30 days against the 30 days before: figures only, no engine text. */
export async function projectSummary({ s, caller }: ToolContext, projectId: string) {
  const project = await getProject(s, caller, projectId);
  return { project, visibility: await visibilitySummary(s, caller, projectId, {}) };
}

/**
 * `answerwatch://projects/{projectId}` (listed: one per readable project) and
 * `answerwatch://projects/{projectId}/answers/{answerId}` (not listed: there are far too many; search_answers
 * finds them). Both read as JSON, with the same scope and project rules as the tools.
 */
export function registerResources(mcp: McpServer, deps: McpDeps): void {
  const read = <T>(work: (ctx: ToolContext) => Promise<T>) => readFor(deps, work);
  const json = (uri: URL, value: unknown) => ({
    contents: [{ uri: uri.href, mimeType: JSON_TYPE, text: JSON.stringify(value) }],
  });

  mcp.registerResource(
    'project',
    new ResourceTemplate(projectUri('{projectId}'), {
      list: () =>
        read(async (ctx) => ({
          resources: (await allProjects(ctx)).map((p) => ({
            uri: projectUri(p.id),
            name: p.name,
            title: `${p.name}: visibility summary`,
            mimeType: JSON_TYPE,
          })),
        })),
    }),
    {
      title: 'Project summary',
      description: 'A project and its visibility over the last 30 days, against the 30 days before.',
      mimeType: JSON_TYPE,
    },
    (uri, vars) =>
      read(async (ctx) =>
        json(uri, await projectSummary(ctx, checked(ProjectId, 'projectId', vars.projectId))),
      ),
  );

  mcp.registerResource(
    'answer',
    new ResourceTemplate(answerUri('{projectId}', '{answerId}'), { list: undefined }),
    {
      title: 'Answer',
      description:
        "One stored answer: Answerwatch's findings, and what the engine wrote under quoted (untrusted).",
      mimeType: JSON_TYPE,
    },
    (uri, vars) =>
      read(async ({ s, caller }) => {
        const projectId = checked(ProjectId, 'projectId', vars.projectId);
        const answerId = checked(AnswerId, 'answerId', vars.answerId);
        return json(uri, quoteAnswerDetail(await getAnswer(s, caller, projectId, answerId)));
      }),
  );
}
