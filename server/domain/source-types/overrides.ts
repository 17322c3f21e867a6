import type { Repositories } from '../../store/index.ts';
import { readableProject } from '../access.ts';
import type { Caller, Services } from '../context.ts';
import { cleanDomain } from '../domain-names.ts';
import { invalid } from '../errors.ts';
import type { ListedType } from './listed.ts';
import type { SourceTypeOverride } from './source-type.ts';

/** The project's overrides as stored: the store keeps types as text, written only through replaceSourceTypes. */
export async function storedOverrides(
  s: { store: Pick<Repositories, 'sourceTypeOverrides'> },
  projectId: string,
): Promise<SourceTypeOverride[]> {
  const rows = await s.store.sourceTypeOverrides.list(projectId);
  return rows.map((r) => ({ domain: r.domain, type: r.type as ListedType }));
}

export async function listSourceTypes(s: Services, caller: Caller, projectId: string) {
  await readableProject(s, caller, projectId);
  return { data: await storedOverrides(s, projectId) };
}

/**
 * Replaces the project's overrides. Domains are kept as hosts, as competitors' are (`https://www.g2.com/x` is
 * `g2.com`); one named twice, however spelt, is refused rather than one of the two silently kept.
 */
export async function replaceSourceTypes(
  s: Services,
  caller: Caller,
  projectId: string,
  input: readonly { domain: string; type: ListedType }[],
) {
  await readableProject(s, caller, projectId);
  const seen = new Set<string>();
  const list = input.map((o, i) => {
    const domain = cleanDomain(`[${i}].domain`, o.domain);
    if (seen.has(domain)) throw invalid(`[${i}].domain: "${domain}" is listed twice`);
    seen.add(domain);
    return { domain, type: o.type };
  });
  await s.store.sourceTypeOverrides.replace(projectId, list);
  return { data: await storedOverrides(s, projectId) };
}
