import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { findEngine } from '../../engines/catalog.ts';
import type { Services } from '../domain/context.ts';
import { AppError, notFound } from '../domain/errors.ts';
import { withHost } from '../domain/project-writes.ts';
import type { Plan } from '../domain/plans.ts';
import { isLocalOwner } from '../http/auth.ts';
import { firstRunRoutes } from './first-run.ts';

/** What the machine's own host agents let the owner do: engine keys kept on this computer and browser sign-in. */
export interface LocalHostPort {
  engineKeys(accountId: string): Promise<{ engineId: string; hasKey: boolean }[]>;
  setEngineKey(accountId: string, engineId: string, key: string): Promise<void>;
  removeEngineKey(accountId: string, engineId: string): Promise<void>;
  signIn(accountId: string, engineId: string): Promise<void>;
  /** Starts this computer's host agent for a new account now, rather than at the next sweep. */
  hostAccount(accountId: string): void;
}

const Account = z.strictObject({ accountId: z.string().min(1).max(64) });
const AccountEngine = Account.extend({ engineId: z.string().min(1).max(60) });
const AccountProject = Account.extend({ projectId: z.string().regex(/^[A-Za-z0-9]{1,64}$/) });
const EngineKey = z.strictObject({ key: z.string().trim().min(1).max(500) });

/**
 * `/local/v1`: what only the machine's owner does from the web UI of `answerwatch start`, with the per-launch
 * token: a fresh machine's first account and project (or a demo), the accounts on this machine, and the engine
 * keys and browser sign-in of this computer. Their API keys are on /v1/account/keys, as on `serve`.
 * Not part of the public contract, so not in /v1/openapi.json.
 */
export async function localOwnerRoutes(
  app: FastifyInstance,
  s: Services,
  o: {
    token: string | undefined;
    hosts: LocalHostPort | undefined;
    plans: readonly Plan[];
    cloudEngineIds: ReadonlySet<string>;
  },
): Promise<void> {
  await app.register(
    async (local) => {
      local.addHook('onRequest', async (request) => {
        if (!isLocalOwner(request, o.token)) {
          throw new AppError(
            'invalid_key',
            'Open the web UI from the address `npx answerwatch start` printed.',
          );
        }
      });
      const account = async (id: string) => {
        if (!(await s.store.accounts.get(id))) throw new AppError('not_found', `No account ${id}.`);
        return id;
      };
      const hosts = () => {
        if (!o.hosts) throw new AppError('not_found', 'This service runs no host agent on this machine.');
        return o.hosts;
      };
      const engine = (id: string) => {
        if (!findEngine(id)) throw new AppError('invalid_parameter', `Unknown engine ${id}.`);
        return id;
      };
      firstRunRoutes(local, s, {
        plans: o.plans,
        supply: { cloudEngineIds: o.cloudEngineIds },
        hostAccount: o.hosts && ((id) => o.hosts!.hostAccount(id)),
      });
      local.get('/accounts', async () => {
        const ids = await s.store.accounts.ids();
        const accounts = await Promise.all(ids.map((id) => s.store.accounts.get(id)));
        return { data: accounts.flatMap((a) => (a ? [{ id: a.id, name: a.name, plan: a.plan }] : [])) };
      });
      // The brand lists (terms, domains) that the public GET of a project does not carry.
      local.get(
        '/accounts/:accountId/projects/:projectId',
        { schema: { params: AccountProject } },
        async (req) => {
          const { accountId, projectId } = AccountProject.parse(req.params);
          const project = await s.store.projects.get(projectId);
          if (!project || project.accountId !== (await account(accountId))) throw notFound('project');
          return withHost(s, project, null);
        },
      );
      local.get('/accounts/:accountId/engine-keys', { schema: { params: Account } }, async (req) => ({
        data: await hosts().engineKeys(await account(Account.parse(req.params).accountId)),
      }));
      local.put(
        '/accounts/:accountId/engine-keys/:engineId',
        { schema: { params: AccountEngine, body: EngineKey } },
        async (req, reply) => {
          const { accountId, engineId } = AccountEngine.parse(req.params);
          await hosts().setEngineKey(
            await account(accountId),
            engine(engineId),
            EngineKey.parse(req.body).key,
          );
          return reply.code(204).send();
        },
      );
      local.delete(
        '/accounts/:accountId/engine-keys/:engineId',
        { schema: { params: AccountEngine } },
        async (req, reply) => {
          const { accountId, engineId } = AccountEngine.parse(req.params);
          await hosts().removeEngineKey(await account(accountId), engine(engineId));
          return reply.code(204).send();
        },
      );
      local.post(
        '/accounts/:accountId/sign-in/:engineId',
        { schema: { params: AccountEngine } },
        async (req, reply) => {
          const { accountId, engineId } = AccountEngine.parse(req.params);
          await hosts().signIn(await account(accountId), engine(engineId));
          return reply.code(202).send();
        },
      );
    },
    { prefix: '/local/v1' },
  );
}
