/**
 * How many alerts arrived since the Alerts page was last opened, for the count beside Alerts in the project's
 * navigation. "Seen" is kept per project in this browser's localStorage, not in the service: it belongs to the
 * person at this screen, and the UI's owner token changes with every launch.
 */

type Seen = Pick<Storage, 'getItem' | 'setItem'>;
interface Raised {
  alert: { createdAt: string };
}

const key = (projectId: string) => `answerwatch.alertsSeen.${projectId}`;

/** The alerts newer than the newest one seen; `alerts` newest first, as the alerts read lists them. */
export function unseenAlerts(storage: Seen, projectId: string, alerts: readonly Raised[]): number {
  const seen = storage.getItem(key(projectId));
  if (seen === null) return alerts.length;
  const seenAt = Date.parse(seen);
  const at = alerts.findIndex((a) => Date.parse(a.alert.createdAt) <= seenAt);
  return at === -1 ? alerts.length : at;
}

/** Remembers the newest alert shown (the first of the list) as seen. */
export function markAlertsSeen(storage: Seen, projectId: string, alerts: readonly Raised[]): void {
  const newest = alerts[0];
  if (newest) storage.setItem(key(projectId), newest.alert.createdAt);
}
