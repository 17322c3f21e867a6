import { z } from 'zod';
import { DateTime } from './common.ts';
import { HostCrawlRequest, SiteSchedule } from './host-site-crawls.ts';
import { CADENCES, WEEKDAYS } from './tracking.ts';

/**
 * The host sync API: how a paired host computer (the agent) talks to the service. It lives under `/host/v1`, is
 * authenticated with a device token (`Authorization: Bearer awh_…`) instead of an API key, and is not part of the
 * public contract, so it stays out of /v1/openapi.json.
 */
export const HOST_PREFIX = '/host/v1';

const EngineIds = z.array(z.string().min(1).max(60)).max(40);
const Id = z.string().min(1).max(200);

/** The client id the host agent uses for the device authorization grant (`/auth/device/*`, RFC 8628). */
export const AGENT_CLIENT_ID = 'answerwatch-agent';

export const PairBody = z.strictObject({
  code: z.string().min(1).max(64),
  deviceLabel: z.string().trim().min(1).max(120),
  agentVersion: z.string().min(1).max(40),
  engineIds: EngineIds,
});
export const Paired = z.strictObject({ hostId: z.string(), accountId: z.string(), token: z.string() });

export const HostTracking = z.strictObject({
  engineIds: EngineIds,
  cadence: z.enum(CADENCES),
  timeOfDay: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  weeklyDay: z.enum(WEEKDAYS),
  timezone: z.string().min(1).max(64),
  samplesPerPrompt: z.number().int().min(1).max(5),
});

export const CheckInBody = z.strictObject({
  agentVersion: z.string().min(1).max(40),
  engineIds: EngineIds,
  /** Bring-your-own-key projects: the settings live on the host, which reports them here for the API to show. */
  settings: z
    .array(z.strictObject({ projectId: Id, tracking: HostTracking }))
    .max(100)
    .optional(),
  /** Sent by agents that crawl sites (their next weekly crawl per project); the answer then names crawl requests. */
  siteSchedule: SiteSchedule.optional(),
});

export const HostPrompt = z.strictObject({
  promptId: z.string(),
  text: z.string(),
  topicId: z.string().nullable(),
  /** The prompt's engines that this host asks (local-fetch engines; every engine on byok plans). */
  engineIds: z.array(z.string()),
});

export const HostProject = z.strictObject({
  id: z.string(),
  name: z.string(),
  accessMode: z.enum(['managed', 'byok-local']),
  tracking: HostTracking,
  prompts: z.array(HostPrompt),
});

export const HostRequest = z.strictObject({
  id: z.string(),
  projectId: z.string(),
  status: z.enum(['waiting_for_host', 'queued', 'running']),
  samplesPerPrompt: z.number().int(),
  createdAt: DateTime,
});

export const CheckedIn = z.strictObject({
  serverTime: DateTime,
  checkInSeconds: z.number().int(),
  host: z.strictObject({ id: z.string(), deviceLabel: z.string().nullable() }),
  projects: z.array(HostProject),
  /** Host-mode requests for this host to run: claim them, oldest first. */
  requests: z.array(HostRequest),
  /** Site crawls requested of this host's projects, oldest first; only to agents that sent `siteSchedule`. */
  siteCrawls: z.array(HostCrawlRequest).optional(),
});

/** What the host asks in a run, fixed by the service when the run starts. */
export const HostRun = z.strictObject({
  runId: z.string(),
  requestId: z.string().nullable(),
  projectId: z.string(),
  samplesPerPrompt: z.number().int(),
  prompts: z.array(HostPrompt),
});

export const ScheduledRunBody = z.strictObject({
  /** The agent's own id for the run, so reporting it twice (after a broken connection) creates one run. */
  clientRunId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  startedAt: z.iso.datetime({ offset: true }),
  samplesPerPrompt: z.number().int().min(1).max(5),
});

export const HostAnswer = z.strictObject({
  /** `<runId>:<promptId>:<engineId>:<sample>`: an answer uploaded twice is stored once. */
  key: z.string().min(1).max(400),
  promptId: z.string().nullable(),
  promptText: z.string().min(1).max(500),
  topicId: z.string().max(200).nullable(),
  engineId: z.string().min(1).max(60),
  observedAt: z.iso.datetime({ offset: true }),
  text: z.string().max(1_000_000),
  sources: z
    .array(z.strictObject({ url: z.string().min(1).max(4096), title: z.string().max(2000).nullable() }))
    .max(200),
  /** The web searches the engine ran, in order; hosts from before searches were kept send none. */
  searchQueries: z.array(z.string().max(500)).max(50).optional(),
});

export const AnswersBody = z.strictObject({ answers: z.array(HostAnswer).min(1).max(100) });
export const AnswersStored = z.strictObject({ stored: z.number().int(), duplicates: z.number().int() });

/** A stable cause in snake_case, as engines name their failures (`login_required`, `cloudflare_challenge`, …). */
export const ErrorCode = z.string().regex(/^[a-z][a-z0-9_]{0,59}$/);

/** Failed answers of one engine for one cause, counted: what the service names when an engine failed them all. */
export const HostFailure = z.strictObject({
  engineId: z.string().min(1).max(60),
  /** The engine's stable code (`login_required`, `no_key`, `auth`, `network`, …); `error` when it had none. */
  code: ErrorCode,
  /** The first such failure's message, in the engine's own words. */
  message: z.string().max(300),
  count: z.number().int().min(1).max(1_000_000),
});

export const FinishBody = z.strictObject({
  status: z.enum(['completed', 'failed', 'canceled']),
  error: z.string().max(1000).nullable().optional(),
  /**
   * For a failed run: the cause every failed answer shared, when there was one. It becomes the error code of the
   * Run and its request (`host_run_failed` otherwise), so the UI and integrators can say what to do.
   */
  code: ErrorCode.nullable().optional(),
  /**
   * The run's failed answers per engine and cause (agents before this field send none). An engine with failures
   * and no stored answer failed every answer: the run's warning, or its error, names it with the fix.
   */
  failures: z.array(HostFailure).max(200).optional(),
});
export const Finished = z.strictObject({
  runId: z.string(),
  status: z.string(),
  requestStatus: z.string().nullable(),
});

export const RunPath = z.strictObject({ runId: Id });
export const RequestPath = z.strictObject({ requestId: Id });
export const ProjectPath = z.strictObject({ projectId: z.string().regex(/^[A-Za-z0-9]{1,64}$/) });
