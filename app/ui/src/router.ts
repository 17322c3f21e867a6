/**
 * The hash routes of the UI: `#/`, the account's settings at `#/settings[/{section}]` (`#/keys`, the older
 * address of the API keys, opens their section), `#/cloud`, `#/your-sign-in` (a signed-in person's passkeys), `#/p/{projectId}/{page}[?query]`, an answer at
 * `#/p/{projectId}/answers/{answerId}` and a part of Setup at `#/p/{projectId}/setup/{section}`.
 */

export const PROJECT_PAGES = [
  'overview',
  'actions',
  'prompts',
  'sources',
  'queries',
  'site',
  'traffic',
  'surfaces',
  'answers',
  'alerts',
  'setup',
  'runs',
  'engines',
  'webhooks',
  'exports',
  'reports',
] as const;
export type ProjectPage = (typeof PROJECT_PAGES)[number];

export const SETUP_SECTIONS = ['brand', 'prompts', 'competitors', 'schedule'] as const;
export type SetupSection = (typeof SETUP_SECTIONS)[number];

/** The account's settings, in the order they are listed; single sign-on (branch sso) adds `sso` here. */
export const SETTINGS_SECTIONS = [
  'people',
  'keys',
  'computers',
  'sso',
  'brand',
  'plan',
  'audit-log',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export type Route =
  | { name: 'projects' }
  | { name: 'settings'; section: SettingsSection | null }
  | { name: 'cloud' }
  | { name: 'your-sign-in' }
  | { name: 'project'; projectId: string; page: ProjectPage; query: URLSearchParams }
  | { name: 'answer'; projectId: string; answerId: string }
  | { name: 'setup'; projectId: string; section: SetupSection }
  | { name: 'not-found'; path: string };

const PROJECT_ID = /^[A-Za-z0-9]{1,64}$/;
const ANSWER_ID = /^[A-Za-z0-9_:.-]{1,200}$/;

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function parseRoute(hash: string): Route {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  const [path = '', search = ''] = raw.split(/\?(.*)/s, 2);
  const parts = path.split('/').filter((p) => p.length > 0);
  if (parts.length === 0) return { name: 'projects' };
  if (parts.length === 1 && parts[0] === 'keys') return { name: 'settings', section: 'keys' };
  if (parts.length === 1 && parts[0] === 'cloud') return { name: 'cloud' };
  if (parts.length === 1 && parts[0] === 'your-sign-in') return { name: 'your-sign-in' };
  if (parts[0] === 'settings' && parts.length <= 2) {
    const section = parts[1] ?? null;
    if (section === null || (SETTINGS_SECTIONS as readonly string[]).includes(section))
      return { name: 'settings', section: section as SettingsSection | null };
  }
  if (parts[0] === 'p' && parts[1] && PROJECT_ID.test(parts[1])) {
    const projectId = parts[1];
    const page = parts[2] ?? 'overview';
    if (page === 'answers' && parts.length === 4) {
      const answerId = decode(parts[3]!);
      if (answerId && ANSWER_ID.test(answerId)) return { name: 'answer', projectId, answerId };
    } else if (page === 'setup' && parts.length === 4) {
      const section = parts[3]!;
      if ((SETUP_SECTIONS as readonly string[]).includes(section))
        return { name: 'setup', projectId, section: section as SetupSection };
    } else if (parts.length <= 3 && (PROJECT_PAGES as readonly string[]).includes(page)) {
      return { name: 'project', projectId, page: page as ProjectPage, query: new URLSearchParams(search) };
    }
  }
  return { name: 'not-found', path };
}

export function projectHref(
  projectId: string,
  page: ProjectPage = 'overview',
  query?: URLSearchParams,
): string {
  const q = query && [...query.keys()].length > 0 ? `?${query.toString()}` : '';
  return `#/p/${encodeURIComponent(projectId)}/${page}${q}`;
}

export function answerHref(projectId: string, answerId: string): string {
  return `#/p/${encodeURIComponent(projectId)}/answers/${encodeURIComponent(answerId)}`;
}

export const settingsHref = (section: SettingsSection) => `#/settings/${section}`;

export function setupHref(projectId: string, section: SetupSection): string {
  return `#/p/${encodeURIComponent(projectId)}/setup/${section}`;
}
