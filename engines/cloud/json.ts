/**
 * Reads of untrusted JSON. Vendors add, drop and rename fields; a field of the wrong type must read as
 * absent instead of throwing a TypeError half way through an answer.
 */
export type JsonObject = Record<string, unknown>;

export function obj(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : undefined;
}

export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The objects of an array, skipping anything else. */
export function objects(value: unknown): JsonObject[] {
  return arr(value).flatMap((item) => {
    const found = obj(item);
    return found ? [found] : [];
  });
}
