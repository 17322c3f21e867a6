/** What the agent logs through: pino's shape (`log.info({ ...fields }, 'message')`), so a pino logger fits. */
export interface AgentLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const silentLog: AgentLog = { debug() {}, info() {}, warn() {}, error() {} };

/** An error as log fields: the message and code, never a request body (which could hold a key). */
export function errorFields(err: unknown): { error: string; code?: string } {
  if (!(err instanceof Error)) return { error: String(err) };
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? { error: err.message, code } : { error: err.message };
}
