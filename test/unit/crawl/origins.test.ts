import { afterAll, describe, expect, it } from 'vitest';
import { crawlSite } from '../../../app/agent/crawl/crawl.ts';
import type { LocalStore } from '../../../app/agent/local-store.ts';
import { html } from '../../fakes/site/pages.ts';
import { startFakeSite, type FakeSite } from '../../fakes/site/server.ts';
import { crawlOptions, memoryStore } from './harness.ts';

const text = (body: string) => html(`<title>${body}</title><p>${body}</p>`);

describe('each origin of the site is judged by its own robots.txt', () => {
  const open: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const o of open) await o.close();
  });

  it('a cited page on another origin of the site is read under that origin’s rules, for us and for each agent', async () => {
    const other: FakeSite = await startFakeSite({
      '/robots.txt': html(
        'User-agent: ClaudeBot\nDisallow: /\n\nUser-agent: AnswerwatchBot\nDisallow: /hidden',
        200,
        {
          'content-type': 'text/plain',
        },
      ),
      '/guide': text('Guide'),
      '/hidden': text('Hidden'),
    });
    const main: FakeSite = await startFakeSite({ '/': text('Home') });
    const store: LocalStore = await memoryStore();
    open.push(other, main, store);
    const result = await crawlSite(
      crawlOptions(main, store, { citedUrls: [`${other.origin}/guide`, `${other.origin}/hidden`] }),
    );
    expect(result.outcome).toBe('completed');
    expect(result.pages.map((p) => p.url).sort()).toEqual(
      [`${main.origin}/`, `${other.origin}/guide`].sort(),
    );
    expect(result.disallowed).toEqual([`${other.origin}/hidden`]);
    expect(result.citedNotCrawled).toEqual([`${other.origin}/hidden`]);
    expect(other.hits('/robots.txt')).toBe(1);
    expect(other.hits('/hidden')).toBe(0);
    expect(result.agents.find((a) => a.agent === 'ClaudeBot')).toMatchObject({
      home: true,
      blockedCited: [`${other.origin}/guide`, `${other.origin}/hidden`],
    });
    expect(result.agents.find((a) => a.agent === 'GPTBot')).toMatchObject({ home: true, blockedCited: [] });
  });
});
