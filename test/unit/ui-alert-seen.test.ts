import { describe, expect, it } from 'vitest';
import { markAlertsSeen, unseenAlerts } from '../../app/ui/src/alert-seen.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

const raised = (...times: string[]) => times.map((createdAt) => ({ alert: { createdAt } }));

describe('alerts seen in this browser', () => {
  it('counts every alert before the Alerts page was ever opened, and none right after', () => {
    const storage = memoryStorage();
    const alerts = raised('2026-06-14T07:42:10.000Z', '2026-06-13T07:42:10.000Z');
    expect(unseenAlerts(storage, 'prjA', alerts)).toBe(2);
    markAlertsSeen(storage, 'prjA', alerts);
    expect(unseenAlerts(storage, 'prjA', alerts)).toBe(0);
  });

  it('counts only the alerts newer than the newest seen, per project', () => {
    const storage = memoryStorage();
    markAlertsSeen(storage, 'prjA', raised('2026-06-14T07:42:10.000Z'));
    const later = raised('2026-06-16T08:00:00.000Z', '2026-06-15T08:00:00.000Z', '2026-06-14T07:42:10.000Z');
    expect(unseenAlerts(storage, 'prjA', later)).toBe(2);
    expect(unseenAlerts(storage, 'prjB', later)).toBe(3);
    // An empty list leaves what was seen as it was.
    markAlertsSeen(storage, 'prjA', []);
    expect(unseenAlerts(storage, 'prjA', later)).toBe(2);
  });
});
