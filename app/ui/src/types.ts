/**
 * The shapes the UI reads, taken from the contract's zod schemas as types only: nothing of zod or the server
 * reaches the bundle, and a change to the contract is a type error here.
 */
import type { Action as ActionSchema, Actions as ActionsSchema } from '../../../server/contract/actions.ts';
import type { z } from 'zod';
import type { Me as MeSchema } from '../../../server/contract/account.ts';
import type {
  AnswerSummary as AnswerSummarySchema,
  CancelOutcome as CancelOutcomeSchema,
  Readiness as ReadinessSchema,
} from '../../../server/contract/extensions.ts';
import type { Problem as ProblemSchema } from '../../../server/contract/errors.ts';
import type {
  AlertThresholds as AlertThresholdsSchema,
  RaisedAlert as RaisedAlertSchema,
} from '../../../server/contract/alerts.ts';
import type {
  Estimate as EstimateSchema,
  PromptStat as PromptStatSchema,
  PromptStats as PromptStatsSchema,
  SourceStat as SourceStatSchema,
  SourceStats as SourceStatsSchema,
  SurfacePair as SurfacePairSchema,
  Surfaces as SurfacesSchema,
  TrendPoint as TrendPointSchema,
  Trends as TrendsSchema,
} from '../../../server/contract/insights.ts';
import type {
  CrawlerStats as CrawlerStatsSchema,
  PageStats as PageStatsSchema,
  ReferralStats as ReferralStatsSchema,
} from '../../../server/contract/traffic.ts';
import type {
  QueryStat as QueryStatSchema,
  QueryStats as QueryStatsSchema,
} from '../../../server/contract/query-stats.ts';
import type {
  SourceTypeOverride as SourceTypeOverrideSchema,
  SourceTypeStat as SourceTypeStatSchema,
  SourceTypeStats as SourceTypeStatsSchema,
} from '../../../server/contract/source-types.ts';
import type {
  Project as ProjectSchema,
  ProjectWithHost as ProjectWithHostSchema,
} from '../../../server/contract/projects.ts';
import type {
  Answer as AnswerSchema,
  AnswerDetail as AnswerDetailSchema,
  Run as RunSchema,
} from '../../../server/contract/results.ts';
import type { RunRequest as RunRequestSchema } from '../../../server/contract/runs.ts';
import type {
  Competitor as CompetitorSchema,
  CompetitorInput as CompetitorInputSchema,
  Engine as EngineSchema,
  Prompt as PromptSchema,
  Topic as TopicSchema,
} from '../../../server/contract/setup.ts';
import type {
  CompetitorStat as CompetitorStatSchema,
  CompetitorStats as CompetitorStatsSchema,
  DailyStat as DailyStatSchema,
  DailyStats as DailyStatsSchema,
} from '../../../server/contract/stats.ts';
import type {
  Capabilities as CapabilitiesSchema,
  Tracking as TrackingSchema,
} from '../../../server/contract/tracking.ts';
import type {
  SiteCrawlResource as SiteCrawlSchema,
  SitePageView as SitePageSchema,
  SiteStatus as SiteStatusSchema,
} from '../../../server/contract/site.ts';
import type { AccountBrand as AccountBrandSchema } from '../../../server/contract/account-brand.ts';
import type {
  ReportDigest as ReportDigestSchema,
  ReportDigestSent as ReportDigestSentSchema,
} from '../../../server/contract/report-digests.ts';
import type {
  Report as ReportSchema,
  ReportLink as ReportLinkSchema,
  ReportLinkWithUrl as ReportLinkWithUrlSchema,
} from '../../../server/contract/reports.ts';
import type {
  Webhook as WebhookSchema,
  WebhookDelivery as WebhookDeliverySchema,
  WebhookWithSecret as WebhookWithSecretSchema,
} from '../../../server/contract/webhooks.ts';

export type Me = z.infer<typeof MeSchema>;
export type Report = z.infer<typeof ReportSchema>;
export type ReportLink = z.infer<typeof ReportLinkSchema>;
export type ReportLinkWithUrl = z.infer<typeof ReportLinkWithUrlSchema>;
export type AccountBrand = z.infer<typeof AccountBrandSchema>;
export type ReportDigest = z.infer<typeof ReportDigestSchema>;
export type ReportDigestSent = z.infer<typeof ReportDigestSentSchema>;
export type Problem = z.infer<typeof ProblemSchema>;
export type Project = z.infer<typeof ProjectSchema>;
export type ProjectWithHost = z.infer<typeof ProjectWithHostSchema>;
export type Answer = z.infer<typeof AnswerSchema>;
export type AnswerDetail = z.infer<typeof AnswerDetailSchema>;
export type Run = z.infer<typeof RunSchema>;
export type RunRequest = z.infer<typeof RunRequestSchema>;
export type Engine = z.infer<typeof EngineSchema>;
export type Topic = z.infer<typeof TopicSchema>;
export type Prompt = z.infer<typeof PromptSchema>;
export type Competitor = z.infer<typeof CompetitorSchema>;
export type CompetitorInput = z.infer<typeof CompetitorInputSchema>;
export type DailyStat = z.infer<typeof DailyStatSchema>;
export type DailyStats = z.infer<typeof DailyStatsSchema>;
export type CompetitorStat = z.infer<typeof CompetitorStatSchema>;
export type CompetitorStats = z.infer<typeof CompetitorStatsSchema>;
export type Capabilities = z.infer<typeof CapabilitiesSchema>;
export type Tracking = z.infer<typeof TrackingSchema>;
export type Webhook = z.infer<typeof WebhookSchema>;
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export type AnswerSummary = z.infer<typeof AnswerSummarySchema>;
export type Readiness = z.infer<typeof ReadinessSchema>;
export type EngineReadiness = Readiness['engines'][number];
export type CancelOutcome = z.infer<typeof CancelOutcomeSchema>;
export type Estimate = z.infer<typeof EstimateSchema>;
export type SourceStat = z.infer<typeof SourceStatSchema>;
export type SourceStats = z.infer<typeof SourceStatsSchema>;
export type SourceTypeStat = z.infer<typeof SourceTypeStatSchema>;
export type SourceTypeStats = z.infer<typeof SourceTypeStatsSchema>;
export type SourceTypeOverride = z.infer<typeof SourceTypeOverrideSchema>;
export type PromptStat = z.infer<typeof PromptStatSchema>;
export type PromptStats = z.infer<typeof PromptStatsSchema>;
export type TrendPoint = z.infer<typeof TrendPointSchema>;
export type Trends = z.infer<typeof TrendsSchema>;
export type SurfacePair = z.infer<typeof SurfacePairSchema>;
export type Surfaces = z.infer<typeof SurfacesSchema>;
export type Action = z.infer<typeof ActionSchema>;
export type Actions = z.infer<typeof ActionsSchema>;
export type QueryStat = z.infer<typeof QueryStatSchema>;
export type QueryStats = z.infer<typeof QueryStatsSchema>;
export type CrawlerStats = z.infer<typeof CrawlerStatsSchema>;
export type ReferralStats = z.infer<typeof ReferralStatsSchema>;
export type PageStats = z.infer<typeof PageStatsSchema>;
export type RaisedAlert = z.infer<typeof RaisedAlertSchema>;
export type AlertThresholds = z.infer<typeof AlertThresholdsSchema>;
export type SiteCrawl = z.infer<typeof SiteCrawlSchema>;
export type SiteStatus = z.infer<typeof SiteStatusSchema>;
export type SitePage = z.infer<typeof SitePageSchema>;
export type SiteFinding = SiteStatus['findings'][number];
export type FindingType = SiteFinding['type'];

export interface Page<T> {
  data: T[];
  nextCursor?: string | null;
}

/** The owner-only endpoints of `answerwatch start` under /local/v1 (not part of the public contract). */
export interface LocalAccount {
  id: string;
  name: string | null;
  plan: string;
}

/** An API key of the account (GET /v1/account/keys): never the key itself. */
export interface ApiKey {
  keyId: string;
  label: string;
  scopes: string[];
  /** `all` when the key reads every project of the account, present and future. */
  projects: string[] | 'all';
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
}

/** A key just made: the key itself is in this answer only. */
export interface ApiKeyCreated extends Omit<ApiKey, 'lastUsedAt' | 'revokedAt'> {
  key: string;
}

export type Role = 'owner' | 'admin' | 'member' | 'viewer';

/** The account as its settings show it (GET /v1/account). */
export interface AccountView {
  id: string;
  name: string;
  role: Role;
  plan: {
    code: string;
    accessMode: 'managed' | 'byok-local';
    apiAccess: boolean;
    engineIds: string[];
    cadences: string[];
    limits: {
      maxPrompts: number | null;
      maxProjects: number | null;
      maxCompetitors: number;
      maxSamplesPerPrompt: number;
      runRequestsPerDay: number;
    };
  };
  allowance: {
    unitsPerPeriod: number;
    remainingUnits: number | null;
    prepaidCreditsRemaining: number;
    periodEndsAt: string | null;
  } | null;
}

/** A paired computer of the account (GET /v1/account/computers). */
export interface Computer {
  id: string;
  label: string | null;
  lastSeenAt: string | null;
  online: boolean;
  projects: string[];
}

/** One event of the audit log (GET /v1/account/audit-log). */
export interface AuditEntry {
  id: string;
  at: string;
  kind: string;
  actor: { type: 'person' | 'key' | 'host' | 'operator'; id: string | null; label: string };
  address: string | null;
  target: string | null;
  detail: Record<string, unknown> | null;
  count: number;
}

export interface EngineKeyState {
  engineId: string;
  hasKey: boolean;
}
