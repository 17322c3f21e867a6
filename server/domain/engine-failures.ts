import { engineLabel } from '../../engines/catalog.ts';
import { KEY_VARIABLES } from '../../engines/cloud/config.ts';
import { EngineError } from '../../engines/types.ts';

/**
 * What stops the service from asking an engine, and how to fix it: the one source of these texts for the readiness
 * check before a run (and so the web UI), a failed run's error and a completed run's warning.
 */

/** The fix when the service holds no key for a cloud engine it asks. */
export function serviceKeyFix(engineId: string): string {
  const variable = KEY_VARIABLES[engineId];
  return variable
    ? `Set ${variable} in the environment of the service and restart it.`
    : `Configure ${engineLabel(engineId)} where the service runs.`;
}

/** Why an engine's answers failed and, when the service can name it, the fix. */
export interface EngineFailure {
  reason: string;
  fix: string | null;
}

/** The engine has no adapter in the service: no key was configured for it. */
export const noServiceKey = (engineId: string): EngineFailure => ({
  reason: `The service has no API key for ${engineLabel(engineId)}.`,
  fix: serviceKeyFix(engineId),
});

/** A failed answer's reason and fix, from the engine's error (its code is stable, its message is the vendor's). */
export function engineFailure(engineId: string, err: unknown): EngineFailure {
  const label = engineLabel(engineId);
  const variable = KEY_VARIABLES[engineId];
  if (!(err instanceof EngineError))
    return { reason: err instanceof Error ? err.message : String(err), fix: null };
  const status = err.status === null ? '' : `, HTTP ${err.status}`;
  if (err.code === 'auth') {
    return {
      reason: `${label} refused the service’s API key (auth${status}).`,
      fix: variable
        ? `Set ${variable} to a valid ${label} key in the environment of the service and restart it.`
        : null,
    };
  }
  if (err.code === 'insufficient_quota') {
    return {
      reason: `The ${label} account of the service’s API key has no credit or quota left (insufficient_quota${status}).`,
      fix: `Add credit to that ${label} account${variable ? `, or set ${variable} to a key of another one and restart the service` : ''}.`,
    };
  }
  return { reason: `${label}: ${err.code} (${err.message}).`, fix: null };
}

/** An engine that failed every answer it was asked in a run: extension member of the run's event. */
export interface FailedEngine extends EngineFailure {
  engineId: string;
  engineLabel: string;
  failedAnswers: number;
}

/** "ChatGPT failed every answer (3): … Set OPENAI_API_KEY …", one sentence group per engine. */
export function failedEnginesText(failed: readonly FailedEngine[]): string {
  return failed
    .map(
      (f) =>
        `${f.engineLabel} failed every answer (${f.failedAnswers}): ${f.reason}${f.fix ? ` ${f.fix}` : ''}`,
    )
    .join(' ');
}

/**
 * The failed answers of a run per engine, each reason counted: which engines failed every answer they were asked
 * (answers stored before a take-over count as asked and answered), each with its most frequent reason and fix.
 */
export function failureTally() {
  const byEngine = new Map<
    string,
    { failed: number; reasons: Map<string, { count: number; failure: EngineFailure }> }
  >();
  return {
    add(engineId: string, failure: EngineFailure): void {
      const tally = byEngine.get(engineId) ?? { failed: 0, reasons: new Map() };
      byEngine.set(engineId, tally);
      tally.failed += 1;
      const key = `${failure.reason}\n${failure.fix ?? ''}`;
      const seen = tally.reasons.get(key);
      if (seen) seen.count += 1;
      else tally.reasons.set(key, { count: 1, failure });
    },
    failedEngines(asked: ReadonlyMap<string, number>): FailedEngine[] {
      return [...byEngine]
        .filter(([engineId, t]) => t.failed === asked.get(engineId))
        .map(([engineId, t]) => {
          const top = [...t.reasons.values()].sort((a, b) => b.count - a.count)[0]!.failure;
          return { engineId, engineLabel: engineLabel(engineId), failedAnswers: t.failed, ...top };
        });
    },
  };
}
