import { describe, expect, it } from 'vitest';
import { brand, competitor, mentions, namedCompetitors, score } from './fixtures.ts';

describe('brand mentions: whole words', () => {
  it('finds the name case-insensitively as a whole word', () => {
    expect(mentions('Acme', 'We recommend Acme for this.')).toBe(true);
    expect(mentions('Acme', 'ACME is a solid pick.')).toBe(true);
    expect(mentions('Zapier', 'try zapier tools')).toBe(true);
  });

  it('reads an English word written in lower case as the word, even when the brand is named after it', () => {
    // "acme" is in the word list (the highest point), so "acme" is the word and "Acme" or "ACME" the name.
    expect(mentions('Acme', 'The design reached the acme of simplicity.')).toBe(false);
    expect(mentions('Juniper', 'Gin gets its flavour from juniper berries.')).toBe(false);
    expect(mentions('Acme', 'Teams pick Acme for this.')).toBe(true);
  });

  it('does not find the name inside another word', () => {
    expect(mentions('Acme', 'Acmesoft and MegaAcme are different companies.')).toBe(false);
    expect(mentions('Acme', 'Use acme2 or 3acme instead.')).toBe(false);
  });

  it('counts possessives and hyphenated forms', () => {
    expect(mentions('Acme', "Acme's API is documented.")).toBe(true);
    expect(mentions('Acme', 'Acme’s API is documented.')).toBe(true);
    expect(mentions('Acme', 'Look for Acme-powered dashboards.')).toBe(true);
    expect(mentions('Acme', 'A non-Acme setup works too.')).toBe(true);
  });

  it('ignores the name inside URLs, www hosts and e-mail addresses', () => {
    expect(mentions('Acme', 'See https://acme.com/pricing for details.')).toBe(false);
    expect(mentions('Acme', 'Docs live at https://docs.example.com/acme/setup.')).toBe(false);
    expect(mentions('Acme', 'Visit www.acme.com today.')).toBe(false);
    expect(mentions('Acme', 'Write to support@acme.com or sales@example.com.')).toBe(false);
    expect(mentions('Acme', 'Source: [link](https://acme.com)')).toBe(false);
  });

  it('still counts the name beside a URL and as the text of a markdown link', () => {
    expect(mentions('Acme', 'Acme (https://acme.com) is popular.')).toBe(true);
    expect(mentions('Acme', 'Read [Acme docs](https://acme.com/docs).')).toBe(true);
  });

  it('counts a brand written as a bare domain name', () => {
    expect(mentions('Booking.com', 'Booking.com lists more hotels.')).toBe(true);
    expect(mentions('Acme', 'Sign up on acme.com first.')).toBe(true);
  });

  it('matches any brand term, multi-word terms across line breaks and spacing', () => {
    const profile = brand({ name: 'Acme', brandTerms: ['Acme Cloud', 'RoadRunner Pro'] });
    expect(score('Many teams pick RoadRunner\nPro.', { profile }).mentioned).toBe(true);
    expect(score('roadrunner   pro is fine', { profile }).mentioned).toBe(true);
    expect(score('RoadRunner alone is a cartoon.', { profile }).mentioned).toBe(false);
  });

  it('treats accented letters as different letters and as part of the word', () => {
    expect(mentions('Acme', 'Acmé is a French bakery.')).toBe(false);
    expect(mentions('Acme', 'Acme\u0301 decomposed is also not it.')).toBe(false);
    expect(mentions('Acmé', 'Die Bäckerei Acme\u0301 ist beliebt.')).toBe(true);
  });

  it('finds the brand inside text in other languages', () => {
    expect(mentions('Acme', 'Für kleine Teams ist Acme die beste Wahl.')).toBe(true);
    expect(mentions('Acme', 'Pour les équipes, «Acme» reste un choix sûr.')).toBe(true);
    expect(mentions('Acme', 'Acmeは日本でも人気があります。')).toBe(true);
    expect(mentions('Acme', '我推荐Acme。')).toBe(true);
    expect(mentions('Acme', 'Acme는 좋은 도구입니다.')).toBe(true);
    expect(mentions('Acme', 'Мы используем Acme каждый день.')).toBe(true);
    expect(mentions('Acme', 'ПродуктAcme')).toBe(false);
  });

  it('finds brands written in Han or kana script', () => {
    expect(mentions('小米', '很多人推荐小米手机。')).toBe(true);
    expect(mentions('小米', '很多人推荐华为手机。')).toBe(false);
  });
});

describe('short brands', () => {
  it('matches an all-caps short brand only in capitals', () => {
    expect(mentions('HP', 'HP makes reliable printers.')).toBe(true);
    expect(mentions('HP', "HP's laptops are everywhere.")).toBe(true);
    expect(mentions('HP', 'The engine makes 300 hp at full throttle.')).toBe(false);
    expect(mentions('HP', 'Hp is not how the brand is written.')).toBe(false);
    expect(mentions('HP', 'The HPE servers are a different company.')).toBe(false);
  });

  it('matches 3M but not a quantity written the same way', () => {
    expect(mentions('3M', '3M sells adhesives and filters.')).toBe(true);
    expect(mentions('3M', 'Products from 3M are sold worldwide.')).toBe(true);
    expect(mentions('3M', 'The startup raised $3M last year.')).toBe(false);
    expect(mentions('3M', 'It has 1.3M monthly readers.')).toBe(false);
    expect(mentions('3M', 'The app passed 3M users in May.')).toBe(false);
    expect(mentions('3M', 'A 3m cable is long enough.')).toBe(false);
    expect(mentions('3M', 'Over 13M people use it.')).toBe(false);
  });
});

describe('everyday-word brands', () => {
  it('counts Notion capitalised mid-sentence, not the ordinary word', () => {
    expect(mentions('Notion', 'Many startups use Notion for their wiki.')).toBe(true);
    expect(mentions('Notion', 'The notion that one tool fits all is wrong.')).toBe(false);
    expect(mentions('Notion', 'I had no notion of the price.')).toBe(false);
  });

  it('counts Zoom as a name, not "zoom in"', () => {
    expect(mentions('Zoom', 'For calls, teams often pick Zoom or Meet.')).toBe(true);
    expect(mentions('Zoom', 'You can zoom in on the chart.')).toBe(false);
    expect(mentions('Zoom', 'Zoom in on the chart to see details.')).toBe(false);
  });

  it('counts You only as a name, never the pronoun', () => {
    expect(mentions('You', 'Search engines like You and Perplexity cite sources.')).toBe(true);
    expect(mentions('You', 'You can compare prices yourself.')).toBe(false);
    expect(mentions('You', 'If you want speed, pick a local model.')).toBe(false);
    expect(mentions('You', 'He said "You should try it" twice.')).toBe(false);
  });

  it('reads a capital at the start of a sentence as a name only with a sign of one', () => {
    expect(mentions('Notion', 'Notion is an all-in-one workspace.')).toBe(true);
    expect(mentions('Zoom', "Zoom's pricing changed. Calls are cheaper.")).toBe(true);
    expect(mentions('Notion', 'Tools to try:\n1. Notion – docs and wikis\n2. Coda')).toBe(true);
    expect(mentions('Notion', '## Notion\nA workspace for docs.')).toBe(true);
    expect(mentions('You', 'You is a search engine with an AI mode.')).toBe(true);
    expect(mentions('Notion', 'Teams love "Notion" for docs.')).toBe(true);
    expect(mentions('Notion', 'Notion aside, the plan is solid.')).toBe(false);
  });

  it('accepts an ambiguous sentence-initial mention when the brand is named plainly elsewhere', () => {
    const text = 'Zoom for everything. Our team switched to Zoom last year.';
    const result = score(text, { profile: brand({ name: 'Zoom' }) });
    expect(result.mentioned).toBe(true);
    expect(result.excerpt).toContain('Zoom for everything.');
    expect(mentions('Zoom', 'Zoom for everything. Then zoom out again.')).toBe(false);
  });

  it('does not read Title Case headings as names', () => {
    expect(mentions('You', '## Why You Should Compare Vendors\nPrices vary.')).toBe(false);
  });

  it('applies the same rules to competitors', () => {
    const result = score('Acme beats Notion. The notion of price matters; zoom in on it.', {
      competitors: [competitor('Notion'), competitor('Zoom')],
    });
    expect(result.competitors.map((c) => [c.name, c.mentioned])).toEqual([
      ['Notion', true],
      ['Zoom', false],
    ]);
  });
});

describe('overlapping names', () => {
  it('gives a longer competitor name precedence over the brand name inside it', () => {
    const result = score('Acme Cloud Labs is a reseller.', { competitors: [competitor('Acme Cloud Labs')] });
    expect(result.mentioned).toBe(false);
    expect(result.competitors[0]?.mentioned).toBe(true);
  });
});

describe('families of misreadings (issue 16)', () => {
  it('counts an everyday-word brand at a sentence start with any verb after it', () => {
    expect(mentions('Notion', 'Notion exposes a public REST API.')).toBe(true);
    expect(mentions('Notion', 'Notion experienced an outage on Monday.')).toBe(true);
    expect(mentions('Notion', 'Notion does not offer end-to-end encryption.')).toBe(true);
    expect(mentions('Wise', 'Wise, by comparison, is slower for the same route.')).toBe(true);
    expect(mentions('Pi', 'Pi, the assistant from Inflection, is free.')).toBe(true);
    // A pronoun takes any verb but "is": "You can…" is not the brand You.
    expect(mentions('You', 'You can compare prices yourself.')).toBe(false);
  });

  it('counts a lower-case brand inside a quoted user comment, not the word outside one', () => {
    expect(mentions('Notion', 'One user wrote: "ngl notion runs my whole life."')).toBe(true);
    expect(mentions('Notion', 'The notion that notion runs your life is odd.')).toBe(false);
    expect(mentions('Wise', 'A reviewer said "get a wise card". The Wise card works in 150 countries.')).toBe(
      true,
    );
    expect(mentions('Wise', 'It is "wise to compare" the total cost.')).toBe(false);
  });

  it('does not count a weekday as the company named after it, and counts the company by its domain', () => {
    const competitors = [competitor('Monday', ['monday.com'])];
    const named = (text: string) => score(text, { competitors }).competitors[0]?.mentioned;
    expect(named('Plan on Monday mornings and review every Monday.')).toBe(false);
    expect(named('Agencies pick monday.com for visual boards.')).toBe(true);
    expect(named('monday.com Work Management has automations.')).toBe(true);
    expect(named('Try Monday Work Management for boards.')).toBe(true);
    expect(named('See monday.com/pricing for plans.')).toBe(false);
  });

  it('does not count ordinary words as the competitors that share them', () => {
    const named = (text: string) => namedCompetitors(text, ['Down Dog', 'Juniper', 'Apple', 'Framework']);
    expect(named('Start in down dog, then lunge. Down dog with bent knees is fine.')).toEqual([]);
    expect(named('Gin gets its flavour from juniper berries.')).toEqual([]);
    expect(named('Apple cider vinegar has weak evidence. An apple has 95 calories.')).toEqual([]);
    expect(named('Pick a framework first: PyTorch is common.')).toEqual([]);
  });

  it('counts an everyday-word competitor used as a name: possessive, product noun, product name, list', () => {
    const named = (text: string) => namedCompetitors(text, ['Chime', 'Down Dog', 'Apple', 'Craft']);
    expect(named("Chime's SpotMe covers small overdrafts.")).toEqual(['Chime']);
    expect(named('Use the Down Dog app for wrist-friendly classes.')).toEqual(['Down Dog']);
    expect(named('**Apple Watch**\nTracks workouts.')).toEqual(['Apple']);
    expect(named('Craft can publish docs as web pages.')).toEqual(['Craft']);
    expect(named('Coda and Craft were unaffected.')).toEqual(['Craft']);
  });

  it('does not count another organisation sharing the brand name, nor its bare repeats', () => {
    expect(mentions('Notion', 'The round was led by Notion Capital, a London firm.')).toBe(false);
    expect(mentions('HP', 'HP Enterprise sells ProLiant servers.')).toBe(false);
    expect(mentions('Pi', 'A Raspberry Pi 5 runs Jellyfin well.')).toBe(false);
    expect(mentions('Pi', 'Pi Network lets users mine Pi coins. Never buy Pi from strangers.')).toBe(false);
    expect(mentions('Wise', 'Wise Foods makes Wise potato chips.')).toBe(false);
    expect(mentions('Notion', 'Notion Capital is unrelated to the productivity app Notion.')).toBe(true);
    expect(mentions('Pi', 'Pi is the nicest assistant. Raspberry Pi fans, wrong Pi.')).toBe(true);
  });

  it("does not count a short brand's letters used as a unit or a game term", () => {
    expect(mentions('HP', 'The Sport trim makes 255 HP with the turbo.')).toBe(false);
    expect(mentions('HP', 'Pick the Aspect that gives +50 max HP early.')).toBe(false);
    expect(mentions('HP', 'When your HP bar is low, retreat.')).toBe(false);
    expect(mentions('HP', 'The HP Victus 15 runs it at 60 fps.')).toBe(true);
  });

  it("does not count a short brand's letters used as a quantity, after a quantifier", () => {
    expect(mentions('HP', 'A long rest restores all HP and spell slots; a short one regains some HP.')).toBe(
      false,
    );
    expect(mentions('HP', 'This build gives more HP than the tank.')).toBe(false);
    expect(mentions('HP', 'Some HP models still ship with bloatware.')).toBe(true);
  });

  it('reads bare short letters in the sense the answer uses them in elsewhere, unless signed as a name', () => {
    expect(mentions('HP', 'Potions restore 50 HP. Your HP only matters in the dungeon.')).toBe(false);
    expect(mentions('HP', 'The mower makes 22 HP. For a laptop, HP makes the Envy line.')).toBe(true);
    expect(mentions('HP', 'Boss fights drain max HP, so play the HP Omen with a cooling pad.')).toBe(true);
  });

  it('counts an everyday-word name in capitals it is not written in only beside a sure mention', () => {
    expect(mentions('Wise', 'WISE, the infrared survey telescope, mapped the whole sky.')).toBe(false);
    expect(mentions('Wise', 'The WISE mission ended in 2024; Wise the money app is unrelated.')).toBe(true);
    expect(mentions('Wise', '## SEND MONEY ABROAD WITH WISE\nFees are low.')).toBe(true);
  });

  it('counts two lower-case tracked names listed together in a quoted comment', () => {
    const result = score('A user asked: "should i pick wise or western union for rent?"', {
      profile: brand({ name: 'Wise' }),
      competitors: [competitor('Western Union')],
    });
    expect([result.mentioned, result.competitors[0]?.mentioned]).toEqual([true, true]);
    expect(mentions('Wise', 'A user asked: "is it wise or silly to wait?"')).toBe(false);
  });

  it('does not count a person sharing a tracked name, but counts the name beside product lines', () => {
    const named = (text: string) => namedCompetitors(text, ['Claude', 'Bolt', 'Dell']);
    expect(named("Claude Shannon's 1948 paper started information theory.")).toEqual([]);
    expect(named('Usain Bolt still holds the 100 m record.')).toEqual([]);
    expect(named('Claude Sonnet drafts well, and Dell Inspiron laptops are cheap.')).toEqual([
      'Claude',
      'Dell',
    ]);
    expect(named('After Claude Shannon, ask Claude or any assistant to derive entropy.')).toEqual(['Claude']);
  });
});
