import { describe, expect, it } from 'vitest';
import { createPacer } from '../../../app/agent/crawl/pacer.ts';
import { normalizeUrl, siteScope } from '../../../app/agent/crawl/scope.ts';
import { crawlSettings } from '../../../app/agent/crawl/settings.ts';
import { virtualClock } from './harness.ts';

describe('pacing', () => {
  it('starts requests at most 2 a second', async () => {
    const clock = virtualClock();
    const pacer = createPacer(clock, 2);
    const starts: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await pacer.wait();
      starts.push(clock.now());
    }
    expect(starts).toEqual([0, 500, 1000, 1500, 2000]);
  });

  it('spaces them by robots.txt’s crawl delay when longer, counted from the last request', async () => {
    const clock = virtualClock();
    const pacer = createPacer(clock, 2);
    await pacer.wait();
    pacer.setCrawlDelay(3);
    await pacer.wait();
    expect(clock.now()).toBe(3000);
    pacer.setCrawlDelay(0.1);
    await pacer.wait();
    expect(clock.now()).toBe(3500);
  });

  it('concurrent callers queue for their own slots; a stop ends the wait', async () => {
    const clock = virtualClock();
    const pacer = createPacer(clock, 2);
    await Promise.all([pacer.wait(), pacer.wait(), pacer.wait()]);
    // Slots at 0, 500 and 1000 (the virtual clock's sleeps pass at once, so the third waited from 500).
    expect(clock.sleeps).toEqual([500, 500]);
    expect(clock.now()).toBe(1000);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(pacer.wait(controller.signal)).rejects.toThrow('stop');
  });
});

describe('the site’s scope', () => {
  it('is the registrable domain of the website and of each brand domain', () => {
    const scope = siteScope('https://www.brand.co.uk/', ['https://brand-shop.com/path', 'acme.github.io']);
    expect(scope.contains('https://shop.brand.co.uk/x')).toBe(true);
    expect(scope.contains('http://brand.co.uk:8080/')).toBe(true);
    expect(scope.contains('https://www.brand-shop.com/')).toBe(true);
    expect(scope.contains('https://acme.github.io/docs')).toBe(true);
    expect(scope.contains('https://other.github.io/')).toBe(false);
    expect(scope.contains('https://co.uk/')).toBe(false);
    expect(scope.contains('https://notbrand.co.uk/')).toBe(false);
    expect(scope.contains('not a url')).toBe(false);
  });

  it('takes pages, not files', () => {
    const scope = siteScope('https://brand.com', []);
    expect(scope.isPage('https://brand.com/pricing')).toBe(true);
    expect(scope.isPage('https://brand.com/logo.PNG')).toBe(false);
    expect(scope.isPage('https://brand.com/guide.pdf')).toBe(false);
  });

  it('keys URLs without fragments, user info or other schemes', () => {
    expect(normalizeUrl('/a?b=1#c', 'https://brand.com/x/')).toBe('https://brand.com/a?b=1');
    expect(normalizeUrl('mailto:hi@brand.com')).toBeNull();
    expect(normalizeUrl('https://user:pw@brand.com/')).toBeNull();
    expect(normalizeUrl('http://[::1')).toBeNull();
  });
});

describe('settings', () => {
  it('reads the page limit and the development switch', () => {
    expect(crawlSettings({})).toEqual({ maxPages: 500, allowPrivate: false });
    expect(
      crawlSettings({ ANSWERWATCH_CRAWL_MAX_PAGES: '20', ANSWERWATCH_CRAWL_ALLOW_PRIVATE: '1' }),
    ).toEqual({
      maxPages: 20,
      allowPrivate: true,
    });
    for (const bad of ['0', '-3', '2.5', 'many', '10001'])
      expect(() => crawlSettings({ ANSWERWATCH_CRAWL_MAX_PAGES: bad })).toThrow(
        /ANSWERWATCH_CRAWL_MAX_PAGES must be a whole number from 1 to 10000/,
      );
  });
});
