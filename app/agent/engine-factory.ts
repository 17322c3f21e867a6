/**
 * How the agent gets its engines: through a factory, so the browser is only started for runs that need it, keys
 * added while the agent runs apply to the next run, and tests hand in fake engines.
 */
import { EngineError, type AnswerEngine } from '../../engines/types.ts';

/** The engines of one run, held until it ends. */
export interface EngineLease {
  readonly engines: ReadonlyMap<string, AnswerEngine>;
  /**
   * Why an engine that was asked for is not in `engines`, as the error each of its answers fails with: `no_key`,
   * `browser_unavailable`, `engine_unavailable` (a bad setting, an engine this host does not have).
   */
  readonly problems: ReadonlyMap<string, EngineError>;
  release(): Promise<void>;
}

export interface EngineFactory {
  /** The engine ids this host can ask now (reported at each check-in). */
  engineIds(): Promise<string[]>;
  acquire(engineIds: readonly string[]): Promise<EngineLease>;
  /** Releases whatever is still open (the browser). */
  close(): Promise<void>;
}

/** The error every answer of an engine that could not be set up fails with. */
export const unavailable = (engineId: string, code: string, message: string): EngineError =>
  new EngineError(engineId, 'fatal', code, message);

/** A factory over a fixed set of engines (tests, or an embedding that builds its own). */
export function fixedEngines(engines: Iterable<AnswerEngine>): EngineFactory {
  const all = new Map<string, AnswerEngine>();
  for (const engine of engines) all.set(engine.id, engine);
  return {
    engineIds: async () => [...all.keys()],
    async acquire(ids) {
      const found = new Map<string, AnswerEngine>();
      const problems = new Map<string, EngineError>();
      for (const id of ids) {
        const engine = all.get(id);
        if (engine) found.set(id, engine);
        else problems.set(id, unavailable(id, 'engine_unavailable', `this host cannot ask ${id}`));
      }
      return { engines: found, problems, release: async () => {} };
    },
    close: async () => {},
  };
}
