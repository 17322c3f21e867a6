import { requireAdministrator } from './account-access.ts';
import { callerActor } from './audit-log.ts';
import type { Caller, Services } from './context.ts';
import { unpairHost } from './host-pairing.ts';
import { isOnline } from './host-view.ts';

/** The account's paired computers in its settings, for its owner and admins. */
export async function listComputers(s: Services, caller: Caller) {
  requireAdministrator(caller, 'see the account’s computers');
  const now = s.clock.now();
  const hosts = await s.store.hosts.list(caller.accountId);
  return {
    data: await Promise.all(
      hosts.map(async (h) => ({
        id: h.id,
        label: h.deviceLabel,
        lastSeenAt: h.lastSeenAt,
        online: isOnline(h, now),
        projects: await s.store.hosts.projectIds(h.id),
      })),
    ),
  };
}

/** Unpairs one of the account's computers, as `hosts unpair` does, with the person in the audit log. */
export async function unpairComputer(s: Services, caller: Caller, hostId: string) {
  requireAdministrator(caller, 'unpair computers');
  await unpairHost(s.store, s.clock, caller.accountId, hostId, callerActor(caller));
  return { unpaired: true as const };
}
