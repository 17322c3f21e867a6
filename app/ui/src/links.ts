/**
 * Which URLs from the engines may become links: absolute http(s) only, without user info. Anything else
 * (`javascript:`, `data:`, `vbscript:`, relative or malformed) is shown as text, never as an href.
 */
export function safeHttpUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 4096) return null;
  // Control characters and blanks are stripped by URL parsing; refusing them keeps what is shown and what is opened the same.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  if (url.hostname === '') return null;
  return url.href;
}

/** The attributes every link to an engine's source carries. */
export const EXTERNAL_LINK_REL = 'noopener noreferrer nofollow';
