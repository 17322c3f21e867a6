/** Time comes through a clock so that tests can move it; the service uses the system clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

// Day arithmetic lives below the domain, where the store's period tables use it too.
export { addDays, daysInclusive, isoDay } from '../contract/days.ts';
