import { configuredDomain } from '../../engines/scoring/index.ts';
import { invalid } from './errors.ts';

/** Domains are kept as hosts (no scheme, path or www.), so `https://www.acme.com/x` and `acme.com` are one. */
export function cleanDomain(field: string, raw: string): string {
  const domain = configuredDomain(raw);
  if (!domain || !domain.includes('.')) throw invalid(`${field}: "${raw}" is not a domain`);
  return domain;
}
