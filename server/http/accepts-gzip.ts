/**
 * Whether a request's Accept-Encoding takes gzip (RFC 9110 §12.5.3): `gzip`, its alias `x-gzip` or `*` with a
 * weight above 0, unless gzip itself is refused (`gzip;q=0`). No header means any coding is acceptable, but clients
 * that send none (curl, scripts) expect the body as it is, so only a client that asks gets it compressed.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [coding, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((p) => p.startsWith('q='));
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return (weights.get('gzip') ?? weights.get('*') ?? 0) > 0;
}
