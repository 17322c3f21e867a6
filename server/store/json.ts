/** Lists are stored as JSON text; a column we wrote ourselves always parses. */
export function fromJson<T>(text: string): T {
  return JSON.parse(text) as T;
}

export const toJson = (value: unknown): string => JSON.stringify(value);
