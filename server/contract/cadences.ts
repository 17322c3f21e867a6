/**
 * The values a tracking schedule takes. Kept apart from the zod schemas (tracking.ts) so the CLI can list them in
 * its help without loading zod.
 */
export const CADENCES = ['manual', 'daily', 'weekdays', 'weekly'] as const;
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
