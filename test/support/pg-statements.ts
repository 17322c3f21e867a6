import pg from 'pg';

/** A statement the service's pool sent to PostgreSQL: its text, its name when prepared, and its values. */
export interface SentStatement {
  text: string;
  name: string | undefined;
  values: unknown[];
}

/**
 * Records, at the driver, what the service's pool sends (its connections are named `answerwatch`; the listening
 * connection is not the pool's) while `during`'s request is served. `restore` puts the driver back.
 */
export function recordPoolStatements() {
  const query = pg.Client.prototype.query;
  let sent: SentStatement[] | null = null;
  pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    const params = (this as unknown as { connectionParameters: { application_name?: string } })
      .connectionParameters;
    if (sent && params.application_name === 'answerwatch') {
      const c = config as string | { text: string; name?: string; values?: unknown[] };
      sent.push(
        typeof c === 'string'
          ? { text: c, name: undefined, values: [] }
          : { text: c.text, name: c.name, values: c.values ?? [] },
      );
    }
    return (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
  } as typeof query;
  return {
    async during<T>(serve: () => Promise<T>): Promise<{ result: T; sent: SentStatement[] }> {
      const statements: SentStatement[] = [];
      sent = statements;
      try {
        return { result: await serve(), sent: statements };
      } finally {
        sent = null;
      }
    },
    restore() {
      pg.Client.prototype.query = query;
    },
  };
}
