import { sql } from 'kysely';

export interface Position {
  createdAt: string;
  id: string;
}

/**
 * Rows past a page's last row in (created_at, id) order, newest first (`desc`) or oldest first (`asc`): the id
 * breaks ties between rows created in the same millisecond, so no row is repeated or skipped.
 */
export function pastPosition(after: Position, order: 'desc' | 'asc', table?: string) {
  const col = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  const op = sql.raw(order === 'desc' ? '<' : '>');
  return sql<boolean>`(${col('created_at')} ${op} ${after.createdAt} or (${col('created_at')} = ${after.createdAt} and ${col('id')} ${op} ${after.id}))`;
}
