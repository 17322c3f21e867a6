import { describe, expect, it } from 'vitest';
import { html, trusted } from '../../server/reports/html.ts';
import { bounds, compare, moveWords } from '../../server/reports/noise.ts';
import { lastFullWeek, reportPeriod } from '../../server/reports/period.ts';
import { wilson } from '../../server/domain/intervals.ts';

describe('the report page’s html tag', () => {
  it('escapes every interpolated text, in content and in attributes', () => {
    const text = `<b onclick="x">'&'</b>`;
    expect(html`<p title="${text}">${text}</p>`.toString()).toBe(
      '<p title="&lt;b onclick=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;">&lt;b onclick=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;</p>',
    );
  });

  it('keeps markup made by the tag as it is, joins lists, and leaves out null, undefined and false', () => {
    const items = ['a<', 'b>'].map((x) => html`<li>${x}</li>`);
    // prettier-ignore
    const list = html`<ul>${items}${null}${undefined}${false}${0}</ul>`;
    expect(list.toString()).toBe('<ul><li>a&lt;</li><li>b&gt;</li>0</ul>');
  });

  it('never takes a plain object or string that only looks like markup as markup', () => {
    const fake = { toString: () => '<script>' } as unknown as string;
    expect(html`${fake}`.toString()).toBe('&lt;script&gt;');
    expect(html`${trusted('<hr>')}`.toString()).toBe('<hr>');
  });
});

describe('changes and the noise', () => {
  it('is beyond the noise only when each figure lies outside the other’s 95 % interval', () => {
    expect(compare(wilson(80, 100), wilson(40, 100))).toMatchObject({ beyondNoise: true });
    expect(compare(wilson(52, 100), wilson(48, 100))).toMatchObject({ beyondNoise: false });
    expect(compare(wilson(5, 10), wilson(0, 0))).toMatchObject({ change: null, beyondNoise: null });
  });

  it('says the move in words: points for rates, places for positions where lower is better', () => {
    expect(moveWords('rate', compare(wilson(80, 100), wilson(40, 100)))).toBe(
      'up 40 points to 80 %, beyond the noise',
    );
    expect(moveWords('rate', compare(wilson(47, 100), wilson(48, 100)))).toBe(
      'down 1 point to 47 %, within the noise (it may be chance)',
    );
    const position = (value: number) => ({ value, low: value - 0.1, high: value + 0.1 });
    expect(moveWords('rank', compare(position(1.5), position(2.5)))).toBe(
      'up 1 place to 1.5, beyond the noise',
    );
    expect(moveWords('rate', compare(wilson(3, 10), wilson(0, 0)))).toBe(
      '30 %, no earlier figure to compare',
    );
    expect(bounds('rate', wilson(50, 100))).toBe('40–60 %');
  });
});

describe('the report’s default period', () => {
  it('is Monday to Sunday of the last week that ended where the project is', () => {
    // Monday 2026-06-15 at 01:00 UTC is still Sunday in New York: last week there ended on 2026-06-07.
    expect(lastFullWeek('UTC', new Date('2026-06-15T01:00:00Z'))).toEqual({
      from: '2026-06-08',
      to: '2026-06-14',
    });
    expect(lastFullWeek('America/New_York', new Date('2026-06-15T01:00:00Z'))).toEqual({
      from: '2026-06-01',
      to: '2026-06-07',
    });
    // Across the spring change in Berlin (2026-03-29), the week is still seven calendar days.
    expect(lastFullWeek('Europe/Berlin', new Date('2026-03-30T00:30:00Z'))).toEqual({
      from: '2026-03-23',
      to: '2026-03-29',
    });
    expect(lastFullWeek('Not/AZone', new Date('2026-06-17T12:00:00Z'))).toEqual({
      from: '2026-06-08',
      to: '2026-06-14',
    });
  });

  it('takes an asked range by the reads’ rules, with the period of the same length before', () => {
    expect(
      reportPeriod({ from: '2026-05-01', to: '2026-05-31' }, 'UTC', new Date('2026-06-15T00:00:00Z')),
    ).toEqual({
      range: { from: '2026-05-01', to: '2026-05-31' },
      previous: { from: '2026-03-31', to: '2026-04-30' },
    });
    expect(() => reportPeriod({ from: '2025-01-01', to: '2026-01-02' }, 'UTC', new Date())).toThrow(/366/);
  });
});
