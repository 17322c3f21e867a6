import type { HostRecord } from '../store/repositories/hosts.ts';

/** A host is online when it checked in within the last 3 minutes; agents check in every 30 seconds. */
export const ONLINE_WINDOW_MS = 3 * 60_000;

export interface HostView {
  configured: boolean;
  online: boolean;
  deviceLabel: string | null;
  lastSeenAt: string | null;
}

export function isOnline(host: HostRecord | undefined, now: Date): boolean {
  return !!host?.lastSeenAt && now.getTime() - Date.parse(host.lastSeenAt) < ONLINE_WINDOW_MS;
}

export function hostView(host: HostRecord | undefined, now: Date): HostView {
  return {
    configured: host !== undefined,
    online: isOnline(host, now),
    deviceLabel: host?.deviceLabel ?? null,
    lastSeenAt: host?.lastSeenAt ?? null,
  };
}
