import { createHash } from 'node:crypto';
import type { Store } from '../store/index.ts';
import { OPERATOR, recordAudit, type AuditActor } from './audit-log.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';
import { newId, randomAlnum } from './ids.ts';

/** Device tokens carry their own prefix, so they are never mistaken for API keys (and the reverse). */
export const DEVICE_TOKEN_PREFIX = 'awh_';
const PAIR_CODE_MINUTES = 15;
/** Letters and digits that cannot be misread when typed from a screen. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const hashSecret = (text: string) => createHash('sha256').update(text).digest('hex');

const normaliseCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

function newCode(): string {
  const raw = randomAlnum(64)
    .toUpperCase()
    .split('')
    .filter((c) => CODE_ALPHABET.includes(c))
    .slice(0, 10)
    .join('');
  return raw.length === 10 ? `${raw.slice(0, 5)}-${raw.slice(5)}` : newCode();
}

/** A one-time code the owner types into the agent to pair a computer with the account; valid 15 minutes. */
export async function createPairCode(store: Store, clock: Clock, accountId: string) {
  if (!(await store.accounts.get(accountId))) throw new AppError('not_found', `No account ${accountId}.`);
  const code = newCode();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + PAIR_CODE_MINUTES * 60_000).toISOString();
  await store.hosts.createPairCode(hashSecret(normaliseCode(code)), accountId, expiresAt, now.toISOString());
  return { code, accountId, expiresAt };
}

export interface PairInput {
  code: string;
  deviceLabel: string;
  agentVersion: string;
  engineIds: string[];
}

/**
 * Pairs a computer: the code is used up, the host gets a device token (shown once, stored as a hash) and serves
 * every project of the account that has no host yet.
 */
export async function pairHost(store: Store, clock: Clock, input: PairInput, address: string | null = null) {
  const at = clock.now().toISOString();
  const token = `${DEVICE_TOKEN_PREFIX}${randomAlnum(40)}`;
  const hostId = newId('hst');
  const accountId = await store.transaction(async (tx) => {
    const account = await tx.hosts.consumePairCode(hashSecret(normaliseCode(input.code)), at);
    if (!account) return undefined;
    await tx.hosts.create({
      id: hostId,
      accountId: account,
      deviceLabel: input.deviceLabel,
      engineIds: input.engineIds,
      lastSeenAt: at,
      tokenHash: hashSecret(token),
      agentVersion: input.agentVersion,
      createdAt: at,
    });
    await tx.hosts.adoptProjects(hostId, account);
    await recordAudit(tx, clock, {
      accountId: account,
      kind: 'host_paired',
      actor: { type: 'host', id: hostId, label: input.deviceLabel, address },
      target: hostId,
      detail: { agentVersion: input.agentVersion },
    });
    return account;
  });
  if (!accountId) {
    throw new AppError('invalid_key', 'This pairing code is unknown, used or expired: create a new one.');
  }
  return { hostId, accountId, token };
}

/** Unpairs a computer: refused at its next call (its token is gone); another account's host is not found. */
export async function unpairHost(
  store: Store,
  clock: Clock,
  accountId: string,
  hostId: string,
  actor: AuditActor = OPERATOR,
): Promise<void> {
  const removed = await store.transaction(async (tx) => {
    if (!(await tx.hosts.remove(hostId, accountId))) return false;
    await recordAudit(tx, clock, { accountId, kind: 'host_unpaired', actor, target: hostId });
    return true;
  });
  if (!removed) throw new AppError('not_found', `No host ${hostId}.`);
}
