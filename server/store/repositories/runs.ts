import type { Db } from '../database.ts';
import { pastPosition } from '../keyset.ts';

export interface RunFilter {
  projectId: string;
  from: string;
  to: string;
  status?: string;
  after: { createdAt: string; id: string } | null;
  limit: number;
}

export function runsRepository(db: Db) {
  return {
    /** Newest first by creation; from and to bound the UTC day the run was created on. */
    async list(f: RunFilter) {
      let q = db
        .selectFrom('runs')
        .selectAll()
        .where('project_id', '=', f.projectId)
        .where('created_at', '>=', `${f.from}T00:00:00.000Z`)
        .where('created_at', '<=', `${f.to}T23:59:59.999Z`);
      if (f.status) q = q.where('status', '=', f.status);
      if (f.after) {
        const after = f.after;
        q = q.where(pastPosition(after, 'desc'));
      }
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
    },
  };
}
