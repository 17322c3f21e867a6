import { describe, expect, it } from 'vitest';
import {
  MAX_SEARCH_QUERIES,
  MAX_SEARCH_QUERY_LENGTH,
  searchQueryKey,
  searchQueryList,
} from '../../engines/search-queries.ts';

describe('an answer’s searches', () => {
  it('keeps the engine’s order, trimmed, each once, and drops what is not a search', () => {
    expect(
      searchQueryList([' best crm ', 'best crm', '', '   ', null, 3, { query: 'x' }, 'Best CRM']),
    ).toEqual(['best crm', 'Best CRM']);
  });

  it('stays within its bounds however many and however long the engine’s searches are', () => {
    const many = searchQueryList(Array.from({ length: 80 }, (_, i) => `search ${i}`));
    expect(many).toHaveLength(MAX_SEARCH_QUERIES);
    expect(many.at(-1)).toBe(`search ${MAX_SEARCH_QUERIES - 1}`);
    expect(searchQueryList(['x'.repeat(2_000)])[0]).toHaveLength(MAX_SEARCH_QUERY_LENGTH);
  });
});

describe('searchQueryKey: when two searches count as one', () => {
  it.each([
    ['Best  CRM\tfor startups?', 'best crm for startups'],
    ['crm pricing 2026.', 'crm pricing 2026'],
    ['what is xAI ?!', 'what is xai'],
    ['Quelle est la meilleure GED…', 'quelle est la meilleure ged'],
    ['最好的项目管理工具？', '最好的项目管理工具'],
    ['ÉTÉ Outils', 'été outils'],
  ])('%j reads as %j', (text, key) => {
    expect(searchQueryKey(text)).toBe(key);
  });

  it('keeps quotes and brackets, which are part of what was searched', () => {
    expect(searchQueryKey('"September 26 2024" tech news')).toBe('"september 26 2024" tech news');
    expect(searchQueryKey('site:g2.com "acme"')).toBe('site:g2.com "acme"');
    expect(searchQueryKey('acme (crm)')).toBe('acme (crm)');
  });

  it('is empty for a search of punctuation only', () => {
    expect(searchQueryKey(' ?! ')).toBe('');
  });
});
