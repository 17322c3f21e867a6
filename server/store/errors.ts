/**
 * The database cannot be reached (refused, dropped or shutting down): nothing about the request is wrong, and
 * the same request succeeds once the database is back. The HTTP layer answers 503 with Retry-After.
 */
export class StoreUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`the database is unavailable: ${reason}`);
    this.name = 'StoreUnavailableError';
  }
}

/** The database named at start cannot be used: a wrong URL, a refused connection, bad credentials. One line. */
export class StoreOpenError extends Error {
  constructor(where: string, reason: string) {
    super(`cannot open the database ${where}: ${reason}`);
    this.name = 'StoreOpenError';
  }
}
