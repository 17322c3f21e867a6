import { Me } from '../account.ts';
import { page, PageQuery } from '../common.ts';
import { Project, ProjectCreate, ProjectDetail, ProjectUpdate, ProjectWithHost } from '../projects.ts';
import { ok, projectPath } from '../operation.ts';
import type { Operation } from '../operation.ts';

/** The account and project operations. */
export const projectOps = {
  getMe: {
    operationId: 'getMe',
    method: 'GET',
    path: '/me',
    tag: 'Account',
    summary: 'Describe the calling key',
    scope: 'visibility:read',
    responses: ok(Me),
  },
  listProjects: {
    operationId: 'listProjects',
    method: 'GET',
    path: '/projects',
    tag: 'Projects',
    summary: 'List the projects the key can read, newest first',
    scope: 'visibility:read',
    query: PageQuery,
    responses: ok(page(Project).meta({ id: 'ProjectPage' })),
  },
  getProject: {
    operationId: 'getProject',
    method: 'GET',
    path: '/projects/{projectId}',
    tag: 'Projects',
    summary: 'Get one project',
    scope: 'visibility:read',
    params: projectPath,
    responses: ok(ProjectDetail),
  },
  createProject: {
    operationId: 'createProject',
    method: 'POST',
    path: '/projects',
    tag: 'Projects',
    summary: 'Create a project',
    description:
      'Does not start a site crawl. If another project of the account has a host device, the new project uses the same one.',
    scope: 'tracking:write',
    body: ProjectCreate,
    responses: { 201: { description: 'Created', schema: ProjectWithHost } },
    errors: [404, 409],
  },
  updateProject: {
    operationId: 'updateProject',
    method: 'PATCH',
    path: '/projects/{projectId}',
    tag: 'Projects',
    summary: 'Update a project; only the fields sent change, lists sent replace the whole list',
    scope: 'tracking:write',
    params: projectPath,
    body: ProjectUpdate,
    responses: ok(ProjectWithHost),
    errors: [409],
  },
} satisfies Record<string, Operation>;
