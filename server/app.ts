import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { signInOptionsRoute } from './auth/sign-in-options.ts';
import { DEFAULT_SIGN_UP, type SignUpRules } from './auth/sign-up-rules.ts';
import type { Config } from './config.ts';
import { systemClock, type Clock } from './domain/clock.ts';
import { createServices, type Signals, type WebhookPort } from './domain/context.ts';
import type { SecretBox } from './domain/secret-box.ts';
import { DEFAULT_PLANS } from './domain/plans.ts';
import { randomAlnum } from './domain/ids.ts';
import { registerAuth } from './http/auth.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerEtag } from './http/etag.ts';
import { registerNotFound } from './http/method-not-allowed.ts';
import { registerResponseValidation } from './http/response-validation.ts';
import { parseQuery } from './http/query-parser.ts';
import { createRefusals } from './http/refusals.ts';
import { DEFAULT_RATE_LIMITS, RateLimiter } from './http/rate-limit.ts';
import { accountRoutes } from './routes/account.ts';
import { insightRoutes } from './routes/insights.ts';
import { actionRoutes } from './routes/actions.ts';
import { projectRoutes } from './routes/projects.ts';
import { referenceRoutes } from './routes/reference.ts';
import { reportRoutes, reportShareRoutes } from './routes/reports.ts';
import { reportUnsubscribeRoutes } from './routes/report-unsubscribe.ts';
import { resultRoutes } from './routes/results.ts';
import { runRoutes } from './routes/runs.ts';
import { siteRoutes } from './routes/site.ts';
import { brandTruthRoutes } from './routes/brand-truth.ts';
import { trafficRoutes } from './routes/traffic.ts';
import { setupRoutes } from './routes/setup.ts';
import { statsRoutes } from './routes/stats.ts';
import { trackingRoutes } from './routes/tracking.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { hostSyncRoutes } from './routes/host-sync.ts';
import { localOwnerRoutes, type LocalHostPort } from './routes/local-owner.ts';
import type { CloudSignInPort } from './routes/local-cloud.ts';
import { webUiRoutes } from './routes/web-ui.ts';
import type { Resolver } from '../engines/net/outbound.ts';
import type { Store } from './store/index.ts';

export interface AppOptions {
  store: Store;
  config: Pick<Config, 'baseUrl'> & Partial<Pick<Config, 'rateLimits' | 'plans' | 'ssoAllowPrivate'>>;
  clock?: Clock;
  /** The service log; tests leave it off. */
  logger?: FastifyBaseLogger;
  /** Check every response against the contract (tests and development); production skips it for speed. */
  validateResponses?: boolean;
  /** How the domain wakes the background jobs (run executor, scheduler); none when they do not run. */
  signals?: Signals;
  secrets: SecretBox;
  webhooks: WebhookPort;
  /** `answerwatch start`: the per-launch token of the local owner's web UI, and this machine's host agents. */
  localOwner?: { token: string; hosts?: LocalHostPort; cloud?: CloudSignInPort };
  /** Where the built web UI is (tests point elsewhere). */
  webUiDir?: string;
  /** The cloud engines this service has API keys for (what readiness reports); default none. */
  cloudEngineIds?: readonly string[];
  /** Who may sign up at /auth and on which plan (ANSWERWATCH_SIGNUP, …_PLAN); default by invitation, free. */
  signUp?: SignUpRules;
  /** DNS for the single sign-on issuers' names; tests answer for their own. */
  ssoResolve?: Resolver;
}

/** The identity library's log lines in the service log, at their own level. */
const logTo =
  (log: FastifyBaseLogger) =>
  (level: 'debug' | 'info' | 'warn' | 'error', message: string): void =>
    log[level](message);

const unusedCompiler = (): never => {
  throw new Error('Fastify’s own schema compilers are not used: the zod compilers are set on the app');
};

/** Builds the whole HTTP service once; the CLI, the desktop app and the tests all call this. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const clock = opts.clock ?? systemClock;
  const { baseUrl } = opts.config;
  const limiter = new RateLimiter(opts.config.rateLimits ?? DEFAULT_RATE_LIMITS, opts.store.rateCounter);
  const newRequestId = () => `req_${randomAlnum(20)}`;
  const refusals = createRefusals({ baseUrl, limiter, clock, newRequestId });
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    genReqId: newRequestId,
    requestIdHeader: false,
    bodyLimit: 1_048_576,
    // Longer than any id of the contract, so an over-long id is the same 404 as any id that does not exist.
    routerOptions: { querystringParser: parseQuery, maxParamLength: 512 },
    // Every layer that can refuse a request answers in the contract's problem shape (server/http/refusals.ts).
    frameworkErrors: refusals.frameworkErrors,
    clientErrorHandler: refusals.clientError,
    http: { requireHostHeader: false },
    // The compilers are set below; factories that are never called keep Fastify from loading its own (Ajv and
    // fast-json-stringify), a large part of its start-up.
    schemaController: {
      compilersFactory: { buildValidator: unusedCompiler, buildSerializer: unusedCompiler },
    },
  });
  app.server.on('checkExpectation', refusals.checkExpectation);
  // The API takes JSON only: any other body type is refused, not parsed into a string a schema then misreads.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    return refusals.requireHost(request, reply);
  });

  const services = await createServices({
    store: opts.store,
    clock,
    signals: opts.signals,
    baseUrl,
    secrets: opts.secrets,
    webhooks: opts.webhooks,
  });
  app.addHook('onClose', async () => services.reads.close());
  registerErrorHandler(app, baseUrl);
  registerNotFound(app, baseUrl);
  const plans = opts.config.plans ?? DEFAULT_PLANS;
  // Loaded here, as the MCP SDK below: every CLI command imports this module, and only the ones that serve sign in.
  const [{ createPeople }, { mountIdentity }, { linkPageRoutes }] = await Promise.all([
    import('./auth/people.ts'),
    import('./auth/mount.ts'),
    import('./auth/link-pages.ts'),
  ]);
  const people = await createPeople({
    store: opts.store,
    clock,
    plans,
    secrets: opts.secrets,
    signals: services.signals,
    baseUrl,
    signUp: opts.signUp ?? DEFAULT_SIGN_UP,
    ssoNet: { allowPrivate: opts.config.ssoAllowPrivate ?? false, resolve: opts.ssoResolve },
    log: opts.logger && logTo(opts.logger.child({ component: 'auth' })),
  });
  registerAuth(app, {
    store: opts.store,
    clock,
    limiter,
    plans,
    localOwnerToken: opts.localOwner?.token,
    sessions: people.bridge,
  });
  registerEtag(app);
  if (opts.validateResponses) registerResponseValidation(app);

  await app.register(
    async (v1) => {
      referenceRoutes(v1, baseUrl);
      for (const routes of [
        accountRoutes,
        projectRoutes,
        setupRoutes,
        resultRoutes,
        statsRoutes,
        insightRoutes,
        actionRoutes,
        trackingRoutes,
        webhookRoutes,
        siteRoutes,
        brandTruthRoutes,
        trafficRoutes,
        reportRoutes,
      ]) {
        routes(v1, services);
      }
      runRoutes(v1, services, { cloudEngineIds: new Set(opts.cloudEngineIds ?? []) });
    },
    { prefix: '/v1' },
  );
  // Loaded here, not at the top: every CLI command imports this module, and only the ones that serve load the SDK.
  const { mcpRoutes } = await import('./mcp/http.ts');
  mcpRoutes(app, services);
  await hostSyncRoutes(app, { ...services, plans });
  reportShareRoutes(app, services, plans);
  await reportUnsubscribeRoutes(app, services);
  signInOptionsRoute(app, {
    signUp: opts.signUp ?? DEFAULT_SIGN_UP,
    ownerLink: Boolean(opts.localOwner?.token),
    origin: people.origin,
  });
  await mountIdentity(app, people.identity, people.origin, people.signIns);
  await linkPageRoutes(app, people.identity, people.origin);
  await localOwnerRoutes(app, services, {
    token: opts.localOwner?.token,
    hosts: opts.localOwner?.hosts,
    cloud: opts.localOwner?.cloud,
    plans,
    cloudEngineIds: new Set(opts.cloudEngineIds ?? []),
  });
  webUiRoutes(app, opts.webUiDir);
  await app.ready();
  return app;
}
