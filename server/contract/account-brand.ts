import { z } from 'zod';
import { DateTime, Text } from './common.ts';

/** What an account's reports and share pages are shown under (issue 27, an extension of v1). */

const EXTENSION = { 'x-answerwatch-extension': true } as const;

/** 200 KB of logo is about 273,000 characters of base64. */
export const MAX_LOGO_BYTES = 200 * 1024;

const Accent = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/)
  .describe('#rrggbb: headings, rules and bars of the report');

const Logo = z.strictObject({
  type: z.enum(['image/png', 'image/svg+xml']),
  data: z
    .base64()
    .max(Math.ceil(MAX_LOGO_BYTES / 3) * 4)
    .describe(
      'The file as base64, at most 200 KB; an SVG is kept sanitised (no script, handlers or foreign content)',
    ),
});

const example = {
  name: 'Northwind Agency',
  accent: '#0e7490',
  logo: { type: 'image/svg+xml' as const, data: 'PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=' },
};

export const AccountBrand = z
  .strictObject({
    name: z.string().nullable().describe('The name reports are shown under; null: the account’s own name'),
    accent: Accent.nullable(),
    logo: Logo.nullable(),
    updatedAt: DateTime.nullable().describe('null when never set'),
  })
  .meta({ id: 'AccountBrand', examples: [{ ...example, updatedAt: '2026-06-15T08:00:00Z' }], ...EXTENSION });

export const AccountBrandUpdate = z
  .strictObject({
    name: Text(100).nullable().optional(),
    accent: Accent.nullable().optional(),
    logo: Logo.nullable().optional(),
  })
  .describe('What is left out stays; null clears it')
  .meta({ id: 'AccountBrandUpdate', examples: [example], ...EXTENSION });
