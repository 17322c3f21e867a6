import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { invalid } from './errors.ts';

/**
 * Opaque page cursors: the position, the list it belongs to and a hash of the filters, signed with a secret kept
 * in the database. An edited cursor, or one from another list or other filters, is refused, never misread.
 */
export interface CursorCodec {
  encode(list: string, filters: unknown, position: unknown): string;
  decode<T>(list: string, filters: unknown, cursor: string | undefined): T | null;
}

const filtersHash = (filters: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(filters ?? null))
    .digest('base64url')
    .slice(0, 16);

export function createCursorCodec(secret: string): CursorCodec {
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest().subarray(0, 18);
  const refuse = () =>
    invalid('cursor is not a cursor of this list with these filters; start again without it');

  return {
    encode(list, filters, position) {
      const body = Buffer.from(JSON.stringify({ l: list, f: filtersHash(filters), p: position })).toString(
        'base64url',
      );
      return `${body}.${sign(body).toString('base64url')}`;
    },
    decode<T>(list: string, filters: unknown, cursor: string | undefined): T | null {
      if (cursor === undefined) return null;
      const [body, mac, extra] = cursor.split('.');
      if (!body || !mac || extra !== undefined) throw refuse();
      const given = Buffer.from(mac, 'base64url');
      const expected = sign(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
      const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
        l: string;
        f: string;
        p: T;
      };
      if (parsed.l !== list || parsed.f !== filtersHash(filters)) throw refuse();
      return parsed.p;
    },
  };
}
