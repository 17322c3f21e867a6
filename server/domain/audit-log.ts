import type { AuditKind } from '../contract/audit-log.ts';
import type { Repositories, Store } from '../store/index.ts';
import type { AuditRecord } from '../store/repositories/audit-log.ts';
import { requireAdministrator } from './account-access.ts';
import { LOCAL_OWNER_KEY_ID, SIGNED_IN } from './callers.ts';
import type { Clock } from './clock.ts';
import type { Caller, Services } from './context.ts';
import { newId } from './ids.ts';
import { splitPage } from './paging.ts';

/** Who did it, and from where. */
export interface AuditActor {
  type: AuditRecord['actorType'];
  id: string | null;
  label: string;
  address: string | null;
}

/** An operator at a shell of the service (`answerwatch keys create`, `people invite`): no address, no person. */
export const OPERATOR: AuditActor = {
  type: 'operator',
  id: null,
  label: 'Operator (command line)',
  address: null,
};

/** The person (a session's caller), this machine's owner or the API key behind a /v1 request. */
export function callerActor(caller: Caller): AuditActor {
  if (caller.keyId === LOCAL_OWNER_KEY_ID)
    return { type: 'operator', id: null, label: caller.label, address: caller.address ?? null };
  const person = caller.keyId.startsWith('session:');
  return {
    type: person ? 'person' : 'key',
    id: person ? caller.keyId.slice('session:'.length) : caller.keyId,
    label:
      person && caller.label.endsWith(SIGNED_IN) ? caller.label.slice(0, -SIGNED_IN.length) : caller.label,
    address: caller.address ?? null,
  };
}

export interface AuditEvent {
  accountId: string;
  kind: AuditKind;
  actor: AuditActor;
  /** What the event is about: a key, webhook or host id, an e-mail address. */
  target?: string | null;
  detail?: Record<string, unknown>;
}

/** Records one event; called with the transaction of the change it records, so both land or neither. */
export async function recordAudit(
  tx: Pick<Repositories, 'auditLog'>,
  clock: Clock,
  e: AuditEvent,
): Promise<void> {
  await tx.auditLog.add({
    id: newId('aud'),
    accountId: e.accountId,
    at: clock.now().toISOString(),
    kind: e.kind,
    actorType: e.actor.type,
    actorId: e.actor.id,
    actorLabel: e.actor.label,
    address: e.actor.address,
    target: e.target ?? null,
    detail: e.detail ? JSON.stringify(e.detail) : null,
  });
}

/** Failed sign-ins for one address are one entry per window, counting the attempts: a burst, not a flood. */
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60_000;

export async function recordFailedSignIn(
  store: Store,
  clock: Clock,
  accountId: string,
  email: string,
  address: string | null,
): Promise<void> {
  const now = clock.now();
  const since = new Date(now.getTime() - FAILED_SIGN_IN_WINDOW_MS).toISOString();
  await store.transaction(async (tx) => {
    if (await tx.auditLog.bump(accountId, 'sign_in_failed', email, since, now.toISOString())) return;
    await recordAudit(tx, clock, {
      accountId,
      kind: 'sign_in_failed',
      actor: { type: 'person', id: null, label: email, address },
      target: email,
    });
  });
}

/** The account's audit log, newest first, for its owner and admins. */
export async function listAuditLog(s: Services, caller: Caller, q: { cursor?: string; limit: number }) {
  requireAdministrator(caller, 'read the audit log');
  const filters = { account: caller.accountId };
  const before = s.cursors.decode<number>('audit-log', filters, q.cursor);
  const rows = await s.store.auditLog.list(caller.accountId, before, q.limit + 1);
  const page = splitPage(rows, q.limit, (last) => s.cursors.encode('audit-log', filters, last.seq));
  return {
    data: page.data.map((r) => ({
      id: r.id,
      at: r.at,
      kind: r.kind as AuditKind,
      actor: { type: r.actorType, id: r.actorId, label: r.actorLabel },
      address: r.address,
      target: r.target,
      detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null,
      count: r.count,
    })),
    nextCursor: page.nextCursor,
  };
}
