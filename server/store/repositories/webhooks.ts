import type { Db } from '../database.ts';

export function webhooksRepository(db: Db) {
  return {
    async list(projectId: string) {
      return db
        .selectFrom('webhooks')
        .select([
          'id',
          'url',
          'events',
          'description',
          'active',
          'created_at',
          'last_delivery_at',
          'last_delivery_status',
          'consecutive_failures',
        ])
        .where('project_id', '=', projectId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    async exists(projectId: string, id: string): Promise<boolean> {
      const r = await db
        .selectFrom('webhooks')
        .select('id')
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst();
      return r !== undefined;
    },
    /** The last 50 deliveries, newest first: the contract keeps no more history than that. */
    async deliveries(webhookId: string) {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', webhookId)
        .orderBy('seq', 'desc')
        .limit(50)
        .execute();
    },
  };
}
