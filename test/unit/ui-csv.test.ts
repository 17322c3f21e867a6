import { describe, expect, it } from 'vitest';
import { ANSWER_COLUMNS, answersCsv, csvCell, dailyCsv, guardFormula, toCsv } from '../../app/ui/src/csv.ts';
import type { Answer } from '../../app/ui/src/types.ts';

describe('CSV encoding', () => {
  it('writes plain cells as they are and quotes commas, quotes and line breaks', () => {
    expect(csvCell('Acme')).toBe('Acme');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it('writes numbers, booleans and empty values without quotes', () => {
    expect(csvCell(0.25)).toBe('0.25');
    expect(csvCell(3)).toBe('3');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('ends every line with CRLF, the header first', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x', 1],
          ['y,z', null],
        ],
      ),
    ).toBe('a,b\r\nx,1\r\n"y,z",\r\n');
    expect(toCsv(['only'], [])).toBe('only\r\n');
  });
});

describe('the formula-injection guard', () => {
  it.each(['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\t=x', '\r=x', '  =HYPERLINK("http://evil")'])(
    'prefixes %j with a single quote',
    (text) => {
      expect(guardFormula(text)).toBe(`'${text}`);
    },
  );

  it('leaves ordinary text alone, including signs later in the text', () => {
    for (const text of ['Acme', 'a=b', 'rate -5%', 'mail@acme.io', '', '2026-06-01']) {
      expect(guardFormula(text)).toBe(text);
    }
  });

  it('guards before quoting, so a formula with a comma is both guarded and quoted', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('-1')).toBe("'-1");
  });

  it('does not touch numbers, which the export writes itself', () => {
    expect(csvCell(-0.5)).toBe('-0.5');
  });
});

describe('the export files', () => {
  const answer: Answer = {
    id: 'ans1',
    runId: 'run1',
    promptId: 'p1',
    promptText: '=cmd|" /C calc"!A0',
    topicId: null,
    topicLabel: null,
    engineId: 'chatgpt',
    engineLabel: 'ChatGPT',
    observedAt: '2026-06-01T09:30:00Z',
    date: '2026-06-01',
    mentioned: true,
    cited: false,
    citationUrl: null,
    position: 1,
    sentiment: 'positive',
    excerpt: 'Acme, the best "choice"\nfor teams',
    competitors: [
      { name: 'Globex', mentioned: true, cited: false },
      { name: 'Initech', mentioned: true, cited: true },
    ],
    sourceUrls: ['https://a.example/', 'https://b.example/'],
  };

  it('writes one answer a line with every column, formulas guarded', () => {
    const csv = answersCsv([answer]);
    const [header, row, end] = csv.split('\r\n');
    expect(header).toBe(ANSWER_COLUMNS.join(','));
    expect(end).toBe('');
    expect(row).toBe(
      [
        'ans1',
        '2026-06-01',
        '2026-06-01T09:30:00Z',
        'chatgpt',
        'ChatGPT',
        'run1',
        'p1',
        '"\'=cmd|"" /C calc""!A0"',
        '',
        '',
        'true',
        'false',
        '',
        '1',
        'positive',
        '"Acme, the best ""choice""\nfor teams"',
        'Globex; Initech',
        'Initech',
        'https://a.example/ https://b.example/',
      ].join(','),
    );
  });

  it('writes daily stats with empty rates on days without answers', () => {
    const csv = dailyCsv([
      {
        date: '2026-06-01',
        engineId: 'gemini',
        answers: 4,
        mentioned: 1,
        cited: 0,
        mentionRate: 0.25,
        citationRate: 0,
      },
      {
        date: '2026-06-02',
        engineId: 'gemini',
        answers: 0,
        mentioned: 0,
        cited: 0,
        mentionRate: null,
        citationRate: null,
      },
    ]);
    expect(csv).toBe(
      'date,engineId,answers,mentioned,cited,mentionRate,citationRate\r\n' +
        '2026-06-01,gemini,4,1,0,0.25,0\r\n' +
        '2026-06-02,gemini,0,0,0,,\r\n',
    );
  });
});
