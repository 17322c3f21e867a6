import type { ReferralCell, TrafficBatch, TrafficCell } from '../store/repositories/traffic.ts';

/**
 * A batch's rollup cells, merged in memory by key: thousands of lines of one hour land on a few hundred cells, so
 * the transaction that stores the batch writes those instead of a row a line.
 */
export class Rollup {
  hours = new Map<string, TrafficCell>();
  days = new Map<string, TrafficCell>();
  referrals = new Map<string, ReferralCell>();

  hit(time: number, page: string, agent: string, statusClass: string, verification: string): void {
    const iso = new Date(time).toISOString();
    const rest = `\0${page}\0${agent}\0${statusClass}\0${verification}`;
    add(this.hours, iso.slice(0, 13), rest, iso, page, agent, statusClass, verification);
    add(this.days, iso.slice(0, 10), rest, iso, page, agent, statusClass, verification);
  }

  referral(time: number, page: string, engine: string): void {
    const day = new Date(time).toISOString().slice(0, 10);
    const key = `${day}\0${page}\0${engine}`;
    const cell = this.referrals.get(key);
    if (cell) cell.visits += 1;
    else this.referrals.set(key, { day, page, engine, visits: 1 });
  }

  get empty(): boolean {
    return this.hours.size === 0 && this.referrals.size === 0;
  }

  batch(): TrafficBatch {
    return { hours: this.hours, days: this.days, referrals: this.referrals };
  }
}

function add(
  cells: Map<string, TrafficCell>,
  period: string,
  rest: string,
  iso: string,
  page: string,
  agent: string,
  statusClass: string,
  verification: string,
) {
  // Keys start with the primary key's columns in order, so inKeyOrder writes them in the index's order.
  const key = period + rest;
  const cell = cells.get(key);
  if (!cell) {
    cells.set(key, {
      period,
      page,
      agent,
      statusClass,
      verification,
      hits: 1,
      firstSeen: iso,
      lastSeen: iso,
    });
    return;
  }
  cell.hits += 1;
  if (iso < cell.firstSeen) cell.firstSeen = iso;
  if (iso > cell.lastSeen) cell.lastSeen = iso;
}
