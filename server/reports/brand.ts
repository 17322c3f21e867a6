import type { z } from 'zod';
import { MAX_LOGO_BYTES, type AccountBrand, type AccountBrandUpdate } from '../contract/account-brand.ts';
import { requireAdministrator } from '../domain/account-access.ts';
import type { Caller, Services } from '../domain/context.ts';
import { invalid } from '../domain/errors.ts';
import type { AccountBrandRecord } from '../store/repositories/account-brands.ts';
import { sanitiseSvg } from './svg.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const NONE: AccountBrandRecord = { name: null, accent: null, logoType: null, logo: null, updatedAt: '' };

function brandResource(b: AccountBrandRecord | undefined): z.output<typeof AccountBrand> {
  const r = b ?? NONE;
  return {
    name: r.name,
    accent: r.accent,
    logo: r.logo && r.logoType ? { type: r.logoType as 'image/png' | 'image/svg+xml', data: r.logo } : null,
    updatedAt: r.updatedAt || null,
  };
}

/** A logo as kept: a PNG checked to be one, an SVG sanitised; at most 200 KB either way. */
function keptLogo(logo: { type: 'image/png' | 'image/svg+xml'; data: string }): string {
  const bytes = Buffer.from(logo.data, 'base64');
  if (bytes.length > MAX_LOGO_BYTES) throw invalid(`logo: at most ${MAX_LOGO_BYTES / 1024} KB`);
  if (logo.type === 'image/png') {
    if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw invalid('logo: the data is not a PNG image');
    return logo.data;
  }
  const svg = sanitiseSvg(bytes.toString('utf8'));
  if (svg === null) throw invalid('logo: the data is not an SVG image (its root must be <svg>)');
  return Buffer.from(svg, 'utf8').toString('base64');
}

export async function getAccountBrand(s: Services, caller: Caller) {
  return brandResource(await s.store.accountBrands.get(caller.accountId));
}

/** Changes what is given (null clears it) and keeps the rest; the account's owner and admins only. */
export async function updateAccountBrand(
  s: Services,
  caller: Caller,
  input: z.output<typeof AccountBrandUpdate>,
) {
  requireAdministrator(caller, 'set what reports are shown under');
  const now = await s.store.accountBrands.get(caller.accountId);
  const next: AccountBrandRecord = {
    name: input.name === undefined ? (now?.name ?? null) : input.name,
    accent: input.accent === undefined ? (now?.accent ?? null) : (input.accent?.toLowerCase() ?? null),
    logoType: input.logo === undefined ? (now?.logoType ?? null) : (input.logo?.type ?? null),
    logo: input.logo === undefined ? (now?.logo ?? null) : input.logo && keptLogo(input.logo),
    updatedAt: s.clock.now().toISOString(),
  };
  await s.store.accountBrands.put(caller.accountId, next);
  return brandResource(next);
}
