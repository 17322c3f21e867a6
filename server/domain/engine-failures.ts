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

/** An error the service cannot name a fix for: the engine, its stable code and its own words. */
const unnamed = (engineId: string, code: string, message: string): EngineFailure => ({
  reason: `${engineLabel(engineId)}: ${code} (${message}).`,
  fix: null,
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
  return unnamed(engineId, err.code, err.message);
}

/** The fix when the host computer holds no (valid) key for an engine a bring-your-own-key plan asks there. */
export const hostKeyFix = (engineId: string): string =>
  `Add your ${engineLabel(engineId)} key on the Engines page, or with \`npx answerwatch agent keys set ${engineId}\` on that computer.`;

/** The fix when the host computer has no browser for the signed-in browser engines. */
export const HOST_BROWSER_FIX =
  'Install Chrome or Chromium on that computer, or set ANSWERWATCH_CHROME to its path.';

/** "ChatGPT (signed-in browser)" is signed in to "ChatGPT". */
const appName = (engineId: string) => engineLabel(engineId).replace(/\s*\(signed-in browser\)$/, '');

/** Where a user signs the host's browser in to an engine's app (or passes its check). */
const signInWhere = (engineId: string) =>
  `with “Sign in to ${appName(engineId)}” on the Engines page (desktop app or web UI) or \`npx answerwatch agent login ${engineId}\``;

/**
 * A failed answer of an engine the host computer asked, from the stable code and message the agent reports: the
 * browser's walls, a key missing or refused on the host, Ollama not reachable there. Other codes keep the
 * engine's own words.
 */
export function hostEngineFailure(engineId: string, code: string, message: string): EngineFailure {
  const label = engineLabel(engineId);
  const app = appName(engineId);
  switch (code) {
    case 'login_required':
      return {
        reason: `The browser on the host computer is not signed in to ${app}.`,
        fix: `On that computer, sign the browser in ${signInWhere(engineId)}, then close its window.`,
      };
    case 'captcha':
      return {
        reason: `A CAPTCHA stopped ${app} in the browser on the host computer.`,
        fix: `On that computer, open the browser ${signInWhere(engineId)}, solve it, and run again.`,
      };
    case 'cloudflare_challenge':
      return {
        reason: `Cloudflare’s check did not clear for ${app} in the browser on the host computer.`,
        fix: `Run again later, or on that computer open the browser ${signInWhere(engineId)} and pass the check once.`,
      };
    case 'browser_unavailable':
      return {
        reason: `The browser for ${label} did not start on the host computer (${message}).`,
        fix: HOST_BROWSER_FIX,
      };
    case 'no_key':
      return { reason: `The host computer has no API key for ${label}.`, fix: hostKeyFix(engineId) };
    case 'auth':
      return {
        reason: `${label} refused the API key stored on the host computer (auth).`,
        fix: hostKeyFix(engineId),
      };
    case 'insufficient_quota':
      return {
        reason: `The ${label} account of the host computer’s API key has no credit or quota left (insufficient_quota).`,
        fix: `Add credit to that ${label} account, or set a key of another one with \`npx answerwatch agent keys set ${engineId}\` on that computer.`,
      };
  }
  if (engineId === 'ollama' && (code === 'network' || code === 'timeout')) {
    return {
      reason: `Ollama did not answer on the host computer (${message}).`,
      fix: 'Start Ollama on that computer (`ollama serve`), or set OLLAMA_HOST for the agent to where it runs.',
    };
  }
  if (engineId === 'ollama' && code === 'not_found') {
    return {
      reason: `Ollama on the host computer does not have the model it was asked for (${message}).`,
      fix: 'Pull it there with `ollama pull MODEL` (the model in OLLAMA_MODEL of the agent), or set OLLAMA_MODEL to one it has.',
    };
  }
  return unnamed(engineId, code, message);
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
    /** `count` failed answers of the engine for this one reason (the host reports them counted). */
    add(engineId: string, failure: EngineFailure, count = 1): void {
      const tally = byEngine.get(engineId) ?? { failed: 0, reasons: new Map() };
      byEngine.set(engineId, tally);
      tally.failed += count;
      const key = `${failure.reason}\n${failure.fix ?? ''}`;
      const seen = tally.reasons.get(key);
      if (seen) seen.count += count;
      else tally.reasons.set(key, { count, failure });
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
