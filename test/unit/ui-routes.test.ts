import { describe, expect, it } from 'vitest';
import { filterParams, parseFilters } from '../../app/ui/src/filters.ts';
import { answerHref, parseRoute, projectHref, setupHref } from '../../app/ui/src/router.ts';
import { takeSession } from '../../app/ui/src/session.ts';

describe('hash routes', () => {
  it('reads the pages of the UI', () => {
    expect(parseRoute('')).toEqual({ name: 'projects' });
    expect(parseRoute('#/')).toEqual({ name: 'projects' });
    expect(parseRoute('#/keys')).toEqual({ name: 'settings', section: 'keys' });
    expect(parseRoute('#/settings')).toEqual({ name: 'settings', section: null });
    expect(parseRoute('#/settings/audit-log')).toEqual({ name: 'settings', section: 'audit-log' });
    expect(parseRoute('#/settings/nope')).toMatchObject({ name: 'not-found' });
    expect(parseRoute('#/settings/brand')).toEqual({ name: 'settings', section: 'brand' });
    const reports = parseRoute('#/p/prj123/reports?from=2026-06-08&to=2026-06-14');
    expect(reports).toMatchObject({ name: 'project', projectId: 'prj123', page: 'reports' });
    if (reports.name === 'project') expect(reports.query.get('from')).toBe('2026-06-08');
    expect(parseRoute('#/cloud')).toEqual({ name: 'cloud' });
    expect(parseRoute('#/your-sign-in')).toEqual({ name: 'your-sign-in' });
    expect(parseRoute('#/your-sign-in/more')).toMatchObject({ name: 'not-found' });
    const overview = parseRoute('#/p/prj123');
    expect(overview).toMatchObject({ name: 'project', projectId: 'prj123', page: 'overview' });
    const answers = parseRoute('#/p/prj123/answers?engine=a&engine=b&mentioned=true');
    expect(answers).toMatchObject({ name: 'project', page: 'answers' });
    if (answers.name === 'project') expect(answers.query.getAll('engine')).toEqual(['a', 'b']);
    expect(parseRoute('#/p/prj123/answers/run%3Ax.1')).toEqual({
      name: 'answer',
      projectId: 'prj123',
      answerId: 'run:x.1',
    });
  });

  it('reads the parts of Setup', () => {
    expect(parseRoute('#/p/prj1/setup/prompts')).toEqual({
      name: 'setup',
      projectId: 'prj1',
      section: 'prompts',
    });
    expect(parseRoute(setupHref('prj1', 'schedule'))).toEqual({
      name: 'setup',
      projectId: 'prj1',
      section: 'schedule',
    });
    expect(parseRoute('#/p/prj1/setup/nope').name).toBe('not-found');
  });

  it('refuses what is not a route', () => {
    expect(parseRoute('#/p/bad-id/overview').name).toBe('not-found');
    expect(parseRoute('#/p/prj1/nope').name).toBe('not-found');
    expect(parseRoute('#/p/prj1/answers/%3Cscript%3E').name).toBe('not-found');
    expect(parseRoute('#/p/prj1/answers/%E0%A4%A').name).toBe('not-found');
  });

  it('builds links that parse back', () => {
    expect(projectHref('prj1', 'runs')).toBe('#/p/prj1/runs');
    expect(projectHref('prj1', 'answers', new URLSearchParams({ runId: 'r1' }))).toBe(
      '#/p/prj1/answers?runId=r1',
    );
    expect(parseRoute(answerHref('prj1', 'a:b/c'))).toEqual({
      name: 'not-found',
      path: '/p/prj1/answers/a%3Ab%2Fc',
    });
    expect(parseRoute(answerHref('prj1', 'a:b'))).toEqual({
      name: 'answer',
      projectId: 'prj1',
      answerId: 'a:b',
    });
  });
});

describe('answer filters', () => {
  it('reads every filter of the API and writes it back', () => {
    const q = new URLSearchParams(
      'from=2026-06-01&to=2026-06-30&engine=chatgpt&engine=gemini&topicId=t1&promptId=p1&mentioned=true&cited=false',
    );
    const f = parseFilters(q);
    expect(f).toEqual({
      from: '2026-06-01',
      to: '2026-06-30',
      engine: ['chatgpt', 'gemini'],
      topicId: 't1',
      promptId: 'p1',
      mentioned: true,
      cited: false,
    });
    expect(filterParams(f).toString()).toBe(q.toString());
  });

  it('drops malformed values and never sends dates with a run', () => {
    const f = parseFilters(new URLSearchParams('from=yesterday&mentioned=maybe&runId=r1&to=2026-06-30'));
    expect(f).toEqual({ engine: [], runId: 'r1', to: '2026-06-30' });
    expect(filterParams(f).toString()).toBe('runId=r1');
  });
});

describe('the owner token in the address', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return {
      data,
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
  };

  it('moves the token from the fragment to session storage and out of the address', () => {
    const storage = memory();
    const replaced: string[] = [];
    const session = takeSession(
      { hash: '#token=awl_abcDEF123456', pathname: '/app/', search: '' },
      {
        replaceState: (_s: unknown, _t: string, url?: string | URL | null) => void replaced.push(String(url)),
      },
      storage,
    );
    expect(session).toEqual({ token: 'awl_abcDEF123456', accountId: null });
    expect(replaced).toEqual(['/app/#/']);
    expect(storage.data.get('answerwatch.token')).toBe('awl_abcDEF123456');
  });

  it('keeps the stored token when the address has none, and ignores a malformed one', () => {
    const storage = memory();
    storage.setItem('answerwatch.token', 'awl_kept12345');
    const noop = { replaceState: () => undefined };
    expect(takeSession({ hash: '#/p/x', pathname: '/app/', search: '' }, noop, storage).token).toBe(
      'awl_kept12345',
    );
    expect(takeSession({ hash: '#token=<script>', pathname: '/app/', search: '' }, noop, storage).token).toBe(
      'awl_kept12345',
    );
  });
});
