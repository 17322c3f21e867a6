/** How long the driver waits for each step of an ask, and how often it looks. */

export interface DriverTimings {
  /** From submit to a complete answer. Default 180 s. */
  answerTimeoutMs: number;
  /** Between two looks at the page. Default 500 ms. */
  pollMs: number;
  /** Polls with the same text before the answer counts as finished. Default 3. */
  stablePolls: number;
  /** For the page to load and show its prompt box. Default 45 s. */
  readyTimeoutMs: number;
  /** How long a Cloudflare check may take to clear itself. Default 15 s. */
  challengeWaitMs: number;
  /**
   * When no copy or action button shows (selectors out of date), the text must stay unchanged this long with
   * no stop button before the answer counts as finished. Default 30 s.
   */
  noActionsStableMs: number;
  /** For the sources panel to show its links. Default 4 s. */
  sourcesWaitMs: number;
  /** Asks made when a Cloudflare check does not clear, the first included. Default 3. */
  challengeAttempts: number;
  /** Wait before the second ask after a Cloudflare check; doubles each time (with jitter). Default 30 s. */
  challengeBackoffMs: number;
}

export const DEFAULT_TIMINGS: DriverTimings = {
  answerTimeoutMs: 180_000,
  pollMs: 500,
  stablePolls: 3,
  readyTimeoutMs: 45_000,
  challengeWaitMs: 15_000,
  noActionsStableMs: 30_000,
  sourcesWaitMs: 4_000,
  challengeAttempts: 3,
  challengeBackoffMs: 30_000,
};
