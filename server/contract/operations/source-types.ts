import { ok, projectPath, withEtag } from '../operation.ts';
import type { Operation } from '../operation.ts';
import { SourceTypeOverrides, SourceTypeOverridesReplace } from '../source-types.ts';

/** A project's overrides of the shipped domain list (an extension of v1). */
export const sourceTypeOps = {
  listSourceTypes: {
    operationId: 'listSourceTypes',
    method: 'GET',
    path: '/projects/{projectId}/source-types',
    tag: 'Insights',
    extension: true,
    summary: "The project's source-type overrides: domains it types itself, over the shipped list",
    description:
      "Each domain the project has given a type, by domain. A domain covers its subdomains; an override wins over the domain list shipped with the service and over the rules on names, but not over the project's own domains and competitors, which are always `own` and `competitor`.",
    scope: 'visibility:read',
    params: projectPath,
    responses: withEtag(SourceTypeOverrides),
  },
  replaceSourceTypes: {
    operationId: 'replaceSourceTypes',
    method: 'PUT',
    path: '/projects/{projectId}/source-types',
    tag: 'Insights',
    extension: true,
    summary: "Replace the project's source-type overrides",
    description:
      'The whole list at once (at most 1,000); an empty list removes them all. Domains are kept as hosts, without scheme, path or `www.` (`www.g2.com/x` is `g2.com`); a domain named twice is 400 `invalid_parameter`. Every read gives the new types at once, for every day already stored.',
    scope: 'tracking:write',
    params: projectPath,
    body: SourceTypeOverridesReplace,
    responses: ok(SourceTypeOverrides),
  },
} satisfies Record<string, Operation>;
