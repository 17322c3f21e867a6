/** The rows of a paged read past its first page: a "Show N more" button that follows the API's cursor. */
import { button, type Child } from './dom.ts';
import { cardRow, errorNotice } from './widgets.ts';

export interface MoreRows<T> {
  table: HTMLTableElement;
  headers: readonly string[];
  row: (item: T) => Child[];
  /** The first page's nextCursor: no button shows without one. */
  cursor: string | null;
  /** Rows a page holds, as asked of the API. */
  size: number;
  read: (cursor: string) => Promise<{ data: T[]; nextCursor: string | null }>;
  /** Where a failed read says so (the rows shown stay). */
  errors: HTMLElement;
}

export function moreRows<T>(o: MoreRows<T>): HTMLButtonElement {
  let cursor = o.cursor;
  const more = button(`Show ${o.size} more`, async () => {
    if (!cursor) return;
    more.disabled = true;
    try {
      const next = await o.read(cursor);
      o.table.tBodies[0]!.append(...next.data.map((item) => cardRow(o.headers, o.row(item))));
      cursor = next.nextCursor;
    } catch (err) {
      o.errors.append(errorNotice(err));
    }
    more.disabled = false;
    more.hidden = !cursor;
  });
  more.hidden = !cursor;
  return more;
}
