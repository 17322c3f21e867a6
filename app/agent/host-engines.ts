/**
 * The engines a host asks, built per run: bring-your-own-key cloud engines from the keys stored on this computer
 * (endpoints, models and limits from the environment, as the service reads them; keys from the environment are
 * NOT used), Ollama, and the local-fetch engines in one shared signed-in browser, started when a run needs it
 * and closed when no run does (so `agent login` can use the profile in between).
 */
import { createCloudEngines, loadCloudConfig, type CloudConfig } from '../../engines/cloud/index.ts';
import {
  BROWSER_ENGINE_IDS,
  createBrowserEngines,
  type BrowserEngines,
  type BrowserEnginesOptions,
} from '../../engines/browser/index.ts';
import { findBrowser } from '../../engines/browser/browser.ts';
import type { AnswerEngine, EngineError } from '../../engines/types.ts';
import { unavailable, type EngineFactory, type EngineLease } from './engine-factory.ts';
import { isKeyedEngine, KEYED_ENGINES } from './keyed-engines.ts';
import type { LocalStore } from './local-store.ts';
import { browserProfileDir } from './paths.ts';

const KEY_VARIABLES = ['OPENAI', 'ANTHROPIC', 'GEMINI', 'PERPLEXITY', 'XAI', 'SERPAPI'].map(
  (p) => `${p}_API_KEY`,
);

/** The cloud configuration with the host's own keys: everything else from the environment. */
export function byokCloudConfig(env: NodeJS.ProcessEnv, keys: ReadonlyMap<string, string>): CloudConfig {
  const withoutKeys = Object.fromEntries(
    Object.entries(env).filter(([name]) => !KEY_VARIABLES.includes(name)),
  );
  const config = loadCloudConfig(withoutKeys);
  for (const [engineId, vendor] of Object.entries(KEYED_ENGINES)) {
    const key = keys.get(engineId) ?? null;
    if (vendor === 'serpapi') config.serpapi = { ...config.serpapi, apiKey: key };
    else config[vendor] = { ...config[vendor], apiKey: key };
  }
  return config;
}

/** ANSWERWATCH_BROWSER_BASE_URLS: a JSON object engineId -> base URL (mock chat pages in tests). */
export function browserBaseUrls(env: NodeJS.ProcessEnv): Record<string, string> | undefined {
  const raw = env.ANSWERWATCH_BROWSER_BASE_URLS?.trim();
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('ANSWERWATCH_BROWSER_BASE_URLS must be a JSON object of engine id to base URL');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('ANSWERWATCH_BROWSER_BASE_URLS must be a JSON object of engine id to base URL');
  for (const [id, url] of Object.entries(parsed)) {
    if (typeof url !== 'string' || !URL.canParse(url))
      throw new Error(`ANSWERWATCH_BROWSER_BASE_URLS: ${id} must map to a URL`);
  }
  return parsed as Record<string, string>;
}

export interface HostEnginesOptions {
  store: LocalStore;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  /** Default true (the agent runs in the background). */
  headless?: boolean;
  /** Default: engines/browser's createBrowserEngines. */
  createBrowser?: (options: BrowserEnginesOptions) => BrowserEngines | Promise<BrowserEngines>;
  /** Whether a browser is installed; default: engines/browser's lookup (ANSWERWATCH_CHROME, usual places). */
  hasBrowser?: () => boolean;
}

export function createHostEngines(o: HostEnginesOptions): EngineFactory {
  const createBrowser = o.createBrowser ?? createBrowserEngines;
  const hasBrowser = o.hasBrowser ?? (() => findBrowser({ env: o.env }) !== null);
  const browserIds = new Set<string>(BROWSER_ENGINE_IDS);
  const baseUrls = browserBaseUrls(o.env);
  let browser: Promise<BrowserEngines> | null = null;
  let holders = 0;

  async function closeBrowser(): Promise<void> {
    const current = browser;
    browser = null;
    if (current) await (await current.catch(() => null))?.close();
  }

  /** The cloud engines asked for; a bad setting (say OPENAI_BASE_URL) becomes their problem, not a throw. */
  async function cloudEngines(ids: readonly string[], problems: Map<string, EngineError>) {
    const wanted = ids.filter((id) => !browserIds.has(id));
    if (wanted.length === 0) return new Map<string, AnswerEngine>();
    try {
      const all = createCloudEngines(byokCloudConfig(o.env, await o.store.engineKeys()));
      return new Map([...all].filter(([id]) => wanted.includes(id)));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      for (const id of wanted) problems.set(id, unavailable(id, 'engine_unavailable', message));
      return new Map<string, AnswerEngine>();
    }
  }

  return {
    async engineIds() {
      const keyed = await o.store.engineKeyIds();
      const ids = [...keyed.filter(isKeyedEngine), 'ollama'];
      if (hasBrowser()) ids.push(...BROWSER_ENGINE_IDS);
      return ids;
    },
    async acquire(ids): Promise<EngineLease> {
      const problems = new Map<string, EngineError>();
      const engines = await cloudEngines(ids, problems);
      const needsBrowser = ids.some((id) => browserIds.has(id));
      if (needsBrowser) {
        holders += 1;
        browser ??= Promise.resolve(
          createBrowser({
            profileDir: browserProfileDir(o.dataDir),
            executablePath: o.env.ANSWERWATCH_CHROME?.trim() || undefined,
            headless: o.headless ?? true,
            baseUrls,
          }),
        );
        try {
          const opened = await browser;
          for (const id of ids) {
            const engine = opened.engines.get(id);
            if (engine) engines.set(id, engine);
          }
        } catch (err) {
          const message = `the browser engines did not start: ${err instanceof Error ? err.message : String(err)}`;
          for (const id of ids)
            if (browserIds.has(id)) problems.set(id, unavailable(id, 'browser_unavailable', message));
          browser = null;
        }
      }
      for (const id of ids) {
        if (engines.has(id) || problems.has(id)) continue;
        problems.set(
          id,
          isKeyedEngine(id)
            ? unavailable(
                id,
                'no_key',
                `no key for ${id} on this computer: npx answerwatch agent keys set ${id}`,
              )
            : unavailable(id, 'engine_unavailable', `this computer cannot ask ${id}`),
        );
      }
      let released = false;
      return {
        engines,
        problems,
        async release() {
          if (released || !needsBrowser) return;
          released = true;
          holders -= 1;
          if (holders === 0) await closeBrowser();
        },
      };
    },
    async close() {
      holders = 0;
      await closeBrowser();
    },
  };
}
