import { DEFAULT_SIGN_UP, type SignUpRules } from './auth/sign-up-rules.ts';
import { loadPlans } from './domain/plan-catalogue.ts';
import type { Plan } from './domain/plans.ts';
import { loadMailConfig, type MailConfig } from './mail/config.ts';

/** Settings from the environment, with the defaults a new user expects (DESIGN section 6). */
export interface Config {
  host: string;
  port: number;
  /** SQLite file path, or a postgres:// URL. */
  database: string;
  /** PostgreSQL connections each process keeps (ANSWERWATCH_DB_POOL). */
  databasePool: number;
  /** Public base address of the API, ending in /v1; used in links and problem types. */
  baseUrl: string;
  /** pino level for the service log: info logs every request, warn only problems. */
  logLevel: string;
  /** Requests per key per minute and per UTC day (contract: 300 and, by DESIGN, 20,000). */
  rateLimits: { perMinute: number; perDay: number };
  /** The plan catalogue: ANSWERWATCH_PLANS names a JSON file that replaces the built-in plans. */
  plans: readonly Plan[];
  /** How long a run's worker may go silent before another takes its request over (after a crash). */
  runLeaseMs: number;
  /** Development only: webhook URLs may be IP literals and resolve to loopback and private addresses. */
  webhookAllowPrivate: boolean;
  /** Development only: single sign-on providers may be IP literals, plain http and loopback or private addresses. */
  ssoAllowPrivate: boolean;
  /** How long a delivery attempt is owned: longer than the 10-second attempt, so a live attempt is never repeated. */
  webhookLeaseMs: number;
  /** How often a host agent checks in (30 s; tests shorten it). */
  agentCheckInMs: number;
  /** SMTP settings (ANSWERWATCH_SMTP_URL, ANSWERWATCH_MAIL_FROM): without them `start` prints mail on its console. */
  mail: MailConfig;
  /** Whether mail can reach people: SMTP is set. Sign-up by invitation on `serve` needs it. */
  mailConfigured: boolean;
  /** Who may sign up at /auth (ANSWERWATCH_SIGNUP, default invite) and a new account's plan (…_SIGNUP_PLAN). */
  signUp: SignUpRules;
}

export const DEFAULT_DATABASE = './data/answerwatch.db';

function baseUrlFrom(publicUrl: string | undefined, host: string, port: number): string {
  const raw = (publicUrl?.trim() || `http://${host}:${port}`).replace(/\/+$/, '');
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) {
    throw new Error(
      `ANSWERWATCH_PUBLIC_URL must be the http(s) address people and links use, such as https://answers.example.com, got ${publicUrl}`,
    );
  }
  return raw.endsWith('/v1') ? raw : `${raw}/v1`;
}

function positiveInt(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a whole number of 1 or more, got ${text}`);
  return n;
}

function signUpRules(env: NodeJS.ProcessEnv, plans: readonly Plan[]): SignUpRules {
  const mode = env.ANSWERWATCH_SIGNUP?.trim() || DEFAULT_SIGN_UP.mode;
  if (mode !== 'open' && mode !== 'invite') {
    throw new Error(`ANSWERWATCH_SIGNUP must be open or invite, got ${mode}`);
  }
  const plan = env.ANSWERWATCH_SIGNUP_PLAN?.trim() || DEFAULT_SIGN_UP.plan;
  if (!plans.some((p) => p.code === plan)) {
    throw new Error(
      `ANSWERWATCH_SIGNUP_PLAN names no plan: ${plan}; plans are ${plans.map((p) => p.code).join(', ')}`,
    );
  }
  return { mode, plan };
}

function webhookLease(text: string | undefined): number {
  const seconds = positiveInt('ANSWERWATCH_WEBHOOK_LEASE_SECONDS', text, 30);
  if (seconds <= 10) {
    throw new Error('ANSWERWATCH_WEBHOOK_LEASE_SECONDS must be above 10, the time an attempt may take');
  }
  return seconds * 1000;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const host = overrides.host ?? env.HOST ?? '127.0.0.1';
  const portText = env.PORT ?? '8787';
  const port = overrides.port ?? Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be 0 to 65535, got ${portText}`);
  const mail = overrides.mail ?? loadMailConfig(env);
  const plans = overrides.plans ?? loadPlans(env.ANSWERWATCH_PLANS);
  return {
    host,
    port,
    database: overrides.database ?? env.ANSWERWATCH_DB ?? DEFAULT_DATABASE,
    databasePool: overrides.databasePool ?? positiveInt('ANSWERWATCH_DB_POOL', env.ANSWERWATCH_DB_POOL, 10),
    baseUrl: overrides.baseUrl ?? baseUrlFrom(env.ANSWERWATCH_PUBLIC_URL, host, port),
    logLevel: overrides.logLevel ?? env.ANSWERWATCH_LOG_LEVEL ?? 'info',
    plans,
    signUp: overrides.signUp ?? signUpRules(env, plans),
    runLeaseMs:
      overrides.runLeaseMs ??
      positiveInt('ANSWERWATCH_RUN_LEASE_SECONDS', env.ANSWERWATCH_RUN_LEASE_SECONDS, 30) * 1000,
    webhookAllowPrivate: overrides.webhookAllowPrivate ?? env.ANSWERWATCH_WEBHOOK_ALLOW_PRIVATE === '1',
    ssoAllowPrivate: overrides.ssoAllowPrivate ?? env.ANSWERWATCH_SSO_ALLOW_PRIVATE === '1',
    webhookLeaseMs: overrides.webhookLeaseMs ?? webhookLease(env.ANSWERWATCH_WEBHOOK_LEASE_SECONDS),
    agentCheckInMs:
      overrides.agentCheckInMs ??
      positiveInt('ANSWERWATCH_AGENT_CHECKIN_MS', env.ANSWERWATCH_AGENT_CHECKIN_MS, 30_000),
    mail,
    mailConfigured: mail.smtpUrl !== null,
    rateLimits: overrides.rateLimits ?? {
      perMinute: positiveInt('ANSWERWATCH_RATE_LIMIT_PER_MINUTE', env.ANSWERWATCH_RATE_LIMIT_PER_MINUTE, 300),
      perDay: positiveInt('ANSWERWATCH_RATE_LIMIT_PER_DAY', env.ANSWERWATCH_RATE_LIMIT_PER_DAY, 20_000),
    },
  };
}
