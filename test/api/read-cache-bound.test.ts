import { describe, expect, it } from 'vitest';
import { JsonText } from '../../server/domain/json-text.ts';
import { createReadCache } from '../../server/domain/read-cache.ts';

describe('the read cache', () => {
  /**
   * A store where nothing changes: the generation a read is at comes with the read (Store.readProject), so these
   * bounds need no database, and no word of changes elsewhere drops entries in the middle of a test.
   */
  const store = { onChange: () => () => {} };
  const prjA = async () => ({ id: 'prjA', generation: '1' });

  /** A cache of `maxBytes`, and a read through it that counts how often the body had to be rendered. */
  function cacheOf(maxBytes: number) {
    const cache = createReadCache(store, maxBytes);
    const renders = new Map<string, number>();
    const read = async (key: string, text: string) => {
      const body = await cache.get(await prjA(), key, async () => {
        renders.set(key, (renders.get(key) ?? 0) + 1);
        return new JsonText(text);
      });
      return body.text;
    };
    return { cache, read, renders };
  }

  it('keeps bodies up to its size in UTF-8 bytes, the least recently used leaving first', async () => {
    const { cache, read, renders } = cacheOf(1_000);
    // 100 characters of two bytes each: 200 bytes a body, so five fit in 1,000 bytes and a sixth pushes one out.
    const body = (c: string) => JSON.stringify(c.repeat(98));
    for (const key of ['a', 'b', 'c', 'd', 'e']) expect(await read(key, body('é'))).toBe(body('é'));
    await read('a', body('é'));
    expect(renders.get('a')).toBe(1);
    await read('f', body('é'));
    // "b" was the least recently used ("a" was read again), so it went; the others are still kept.
    for (const key of ['a', 'c', 'd', 'e', 'f']) await read(key, body('é'));
    await read('b', body('é'));
    expect(Object.fromEntries(renders)).toEqual({ a: 1, b: 2, c: 1, d: 1, e: 1, f: 1 });
    cache.close();
  });

  it('renders a body asked for by several requests at once only once', async () => {
    const cache = createReadCache(store, 1_000);
    const project = await prjA();
    let renders = 0;
    const waiting: (() => void)[] = [];
    const release = () => waiting.splice(0).forEach((resolve) => resolve());
    const render = async () => {
      const n = (renders += 1);
      await new Promise<void>((resolve) => waiting.push(resolve));
      return new JsonText(`{"render":${n}}`);
    };
    // Each request misses before the render is released.
    const together = Promise.all([1, 2, 3].map(() => cache.get(project, 'shared', render)));
    await new Promise((resolve) => setImmediate(resolve));
    release();
    const bodies = await together;
    expect(renders).toBe(1);
    expect(bodies.map((b) => b.text)).toEqual(Array(3).fill('{"render":1}'));
    expect((await cache.get(project, 'shared', render)).text).toBe('{"render":1}');
    expect(renders).toBe(1);
    cache.close();
  });

  it('gives a failed render to every request that waited on it, and renders anew next time', async () => {
    const cache = createReadCache(store, 1_000);
    let calls = 0;
    const failing = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('summaries unavailable');
    };
    const project = await prjA();
    const results = await Promise.allSettled([1, 2].map(() => cache.get(project, 'failing', failing)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    const body = await cache.get(project, 'failing', async () => new JsonText('{"ok":true}'));
    expect(body.text).toBe('{"ok":true}');
    cache.close();
  });

  it('does not keep a body larger than a quarter of its size, and still serves it', async () => {
    const { cache, read, renders } = cacheOf(1_000);
    const large = JSON.stringify('x'.repeat(300));
    expect(await read('large', large)).toBe(large);
    expect(await read('large', large)).toBe(large);
    expect(renders.get('large')).toBe(2);
    cache.close();
  });
});
