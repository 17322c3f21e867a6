import { parse } from 'tldts';
import { describe, expect, it } from 'vitest';
import { sourceClassifier } from '../../server/domain/source-class.ts';
import { THIRD_PARTY_SOURCES } from '../../server/domain/demo-sources.ts';
import {
  DOMAIN_LIST,
  DOMAIN_LIST_VERSION,
  LISTED_DOMAINS,
} from '../../server/domain/source-types/domain-list.ts';
import { typeByRule } from '../../server/domain/source-types/rules.ts';
import { sourceTyper } from '../../server/domain/source-types/source-type.ts';

const project = { name: 'Acme', websiteUrl: 'https://acme.com', brandTerms: [], brandDomains: ['acme.io'] };
const typer = (overrides: Parameters<typeof sourceTyper>[1] = []) =>
  sourceTyper(sourceClassifier(project, [{ name: 'Globex', domains: ['globex.com'] }]), overrides);

describe('the shipped domain list', () => {
  it('has a version and at least 1,000 distinct domains, each in one type only', () => {
    expect(DOMAIN_LIST_VERSION).toMatch(/^\d{4}\.\d{1,2}\.\d+$/);
    const seen = new Map<string, string>();
    const twice = LISTED_DOMAINS.filter((e) => {
      const before = seen.get(e.domain);
      seen.set(e.domain, e.type);
      return before !== undefined;
    }).map((e) => e.domain);
    expect(twice).toEqual([]);
    expect(DOMAIN_LIST.size).toBeGreaterThanOrEqual(1000);
  });

  it('lists real host names under an ICANN suffix, in lower case, without www., each with its reason', () => {
    const bad = LISTED_DOMAINS.filter((e) => {
      const p = parse(e.domain, { allowPrivateDomains: false });
      return (
        !p.isIcann ||
        // A public suffix run by one body (nhs.uk, gc.ca) may be listed: its hosts are its sites.
        (p.domain === null && p.publicSuffix !== e.domain) ||
        e.domain !== e.domain.toLowerCase() ||
        e.domain.startsWith('www.') ||
        e.reason.length < 5
      );
    }).map((e) => e.domain);
    expect(bad).toEqual([]);
  });

  it("types every site the demo's answers cite besides the brand's and its rivals'", () => {
    const t = typer();
    const untyped = THIRD_PARTY_SOURCES.filter((s) => t.url(s.url).type === 'other').map((s) => s.url);
    expect(untyped).toEqual([]);
  });
});

describe('source types', () => {
  it('gives own and competitor from the project, over the list and the overrides', () => {
    const t = typer([{ domain: 'acme.com', type: 'review' }]);
    expect(t.domain('acme.com')).toMatchObject({ type: 'own', class: 'own' });
    expect(t.url('https://docs.acme.io/x')).toMatchObject({ type: 'own' });
    expect(t.domain('globex.com')).toMatchObject({ type: 'competitor', competitor: 'Globex' });
  });

  it('reads the list with subdomains, the longest listed suffix winning', () => {
    const t = typer();
    expect(t.domain('reddit.com').type).toBe('ugc');
    expect(t.url('https://old.reddit.com/r/x/comments/1/y/').type).toBe('ugc');
    expect(t.url('https://en.wikipedia.org/wiki/Kanban').type).toBe('reference');
    expect(t.url('https://www.g2.com/compare/a-vs-b').type).toBe('review');
    expect(t.url('https://someone.substack.com/p/post').type).toBe('editorial');
    expect(t.url('https://news.ycombinator.com/item?id=1').type).toBe('ugc');
    expect(t.domain('ycombinator.com').type).toBe('other');
    expect(t.url('https://blog.hubspot.com/marketing/x').type).toBe('editorial');
    expect(t.url('https://www.hubspot.com/pricing').type).toBe('corporate');
  });

  it('falls back on public-suffix rules, then other', () => {
    expect(
      [
        'www.ox.ac.uk',
        'data.gov.uk',
        'x.gouv.fr',
        'mext.go.jp',
        'unimelb.edu.au',
        'fbi.gov',
        'stanford.edu',
      ].map(typeByRule),
    ).toEqual(Array(7).fill('institutional'));
    expect(['acme.co.uk', 'example.org', 'gov.example.com', 'edu.example.com'].map(typeByRule)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    const t = typer();
    expect(t.domain('mit.edu').type).toBe('institutional');
    expect(t.url('https://www.cam.ac.uk/research').type).toBe('institutional');
    expect(t.domain('unknown-widgets.com').type).toBe('other');
  });

  it('lets overrides win over the list and the rules, covering subdomains', () => {
    const t = typer([
      { domain: 'reddit.com', type: 'editorial' },
      { domain: 'stanford.edu', type: 'corporate' },
      { domain: 'unknown-widgets.com', type: 'review' },
    ]);
    expect(t.url('https://www.reddit.com/r/x').type).toBe('editorial');
    expect(t.domain('stanford.edu').type).toBe('corporate');
    expect(t.url('https://shop.unknown-widgets.com/').type).toBe('review');
  });
});
