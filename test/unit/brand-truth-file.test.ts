import { describe, expect, it } from 'vitest';
import {
  checkBrandTruthStatements,
  MAX_FILE_BYTES,
  parseBrandTruthFile,
} from '../../server/domain/brand-truth.ts';
import { AppError } from '../../server/domain/errors.ts';

/** The refusal's detail, failing the test when the parser does not refuse with invalid_parameter. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('invalid_parameter');
    return (err as AppError).detail;
  }
  throw new Error('expected a refusal');
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('parseBrandTruthFile, text files', () => {
  it('reads one statement a line, trimmed, skipping blank lines and # comments', () => {
    const text = [
      '# Brand Truth for Northwind Tasks',
      '',
      '  Northwind Tasks has a free plan for up to 10 users.  ',
      '   # an indented comment',
      'Northwind Tasks is based in Oslo.',
      'It supports C# and F# webhooks.',
      '\t',
    ].join('\n');
    expect(parseBrandTruthFile(text)).toEqual({
      statements: [
        'Northwind Tasks has a free plan for up to 10 users.',
        'Northwind Tasks is based in Oslo.',
        'It supports C# and F# webhooks.',
      ],
      duplicatesDropped: 0,
    });
  });

  it('tolerates a UTF-8 byte order mark and CRLF or CR line ends', () => {
    expect(parseBrandTruthFile('\uFEFFFirst.\r\nSecond.\rThird.\r\n').statements).toEqual([
      'First.',
      'Second.',
      'Third.',
    ]);
    expect(parseBrandTruthFile(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('Only one.')])).statements).toEqual(
      ['Only one.'],
    );
  });

  it('drops duplicates ignoring case and spacing, keeping the first', () => {
    expect(parseBrandTruthFile('Based in Oslo.\nBASED IN OSLO.\nbased  in oslo.\nFounded 2019.')).toEqual({
      statements: ['Based in Oslo.', 'Founded 2019.'],
      duplicatesDropped: 2,
    });
  });

  it('accepts 100 statements of 500 characters, counting characters not UTF-16 units', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `${String(i).padStart(3, '0')}${'é'.repeat(497)}`);
    expect(parseBrandTruthFile(lines.join('\n')).statements).toHaveLength(100);
    expect(parseBrandTruthFile('😀'.repeat(500)).statements).toEqual(['😀'.repeat(500)]);
  });

  it('refuses a statement over 500 characters, naming its line', () => {
    expect(refusal(() => parseBrandTruthFile(`# c\nShort.\n\n${'x'.repeat(501)}\n`))).toBe(
      'line 4: the statement has 501 characters; at most 500 are allowed',
    );
  });

  it('refuses more than 100 statements, counted after duplicates are dropped', () => {
    const many = Array.from({ length: 101 }, (_, i) => `Statement ${i}.`);
    expect(refusal(() => parseBrandTruthFile(many.join('\n')))).toBe(
      '101 statements; a Brand Truth holds at most 100',
    );
    expect(parseBrandTruthFile([...many.slice(0, 100), 'STATEMENT 0.'].join('\n')).statements).toHaveLength(
      100,
    );
  });

  it('refuses a file with no statements', () => {
    for (const text of ['', '\uFEFF', '\n\n  \n', '# only a comment\n#another']) {
      expect(refusal(() => parseBrandTruthFile(text))).toBe(
        'the file holds no statements, only blank lines and # comments',
      );
    }
  });

  it('refuses control characters, naming the line', () => {
    expect(refusal(() => parseBrandTruthFile('Fine.\nBad \u0007 bell.'))).toBe(
      'line 2: the statement contains a control character',
    );
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(refusal(() => parseBrandTruthFile(new Uint8Array([0x41, 0xff, 0xfe, 0x42])))).toBe(
      'the file is not UTF-8 text',
    );
    expect(refusal(() => parseBrandTruthFile(new Uint8Array(MAX_FILE_BYTES + 1)))).toMatch(/at most 1000000/);
  });
});

describe('parseBrandTruthFile, JSON arrays', () => {
  it('reads a JSON array of strings, trimmed and deduplicated', () => {
    const json =
      '\uFEFF  [\n  " Free plan for up to 10 users. ",\n  "Based in Oslo.",\n  "based in oslo."\n]\n';
    expect(parseBrandTruthFile(json)).toEqual({
      statements: ['Free plan for up to 10 users.', 'Based in Oslo.'],
      duplicatesDropped: 1,
    });
  });

  it('keeps # and brackets inside JSON statements as text', () => {
    expect(parseBrandTruthFile('["# not a comment", "[beta] label"]').statements).toEqual([
      '# not a comment',
      '[beta] label',
    ]);
  });

  it('names the line and item of a bad element', () => {
    const json = '[\n  "Good.",\n  "Also \\"good\\", with [brackets].",\n  42\n]';
    expect(refusal(() => parseBrandTruthFile(json))).toBe(
      'line 4 (item 3): a statement must be a string, got number',
    );
    expect(refusal(() => parseBrandTruthFile('[\n"a",\n{"x": ["y"]}\n]'))).toBe(
      'line 3 (item 2): a statement must be a string, got object',
    );
    expect(refusal(() => parseBrandTruthFile('["a", null]'))).toBe(
      'line 1 (item 2): a statement must be a string, got null',
    );
    expect(refusal(() => parseBrandTruthFile('[\n"a",\n"   "\n]'))).toBe(
      'line 3 (item 2): the statement is empty',
    );
    expect(refusal(() => parseBrandTruthFile('["a",\n"two\\nlines"]'))).toBe(
      'line 2 (item 2): a statement must be one line',
    );
    expect(refusal(() => parseBrandTruthFile(`["${'y'.repeat(600)}"]`))).toBe(
      'line 1 (item 1): the statement has 600 characters; at most 500 are allowed',
    );
  });

  it('refuses invalid JSON, naming the line, and JSON that is not an array', () => {
    expect(refusal(() => parseBrandTruthFile('[\n"a",\n"b"\n"c"\n]'))).toMatch(
      /^line 4: the file starts with \[ but is not a valid JSON array \(.+\); a text file must not start with \[$/,
    );
    expect(refusal(() => parseBrandTruthFile('[]'))).toBe('the JSON array holds no statements');
    expect(refusal(() => parseBrandTruthFile('[\n]'))).toBe('the JSON array holds no statements');
  });
});

describe('checkBrandTruthStatements', () => {
  it('applies the same rules to a list, naming statements by number', () => {
    expect(checkBrandTruthStatements([' A. ', 'a.', 'B.'])).toEqual({
      statements: ['A.', 'B.'],
      duplicatesDropped: 1,
    });
    expect(refusal(() => checkBrandTruthStatements(['A.', '']))).toBe('statement 2: the statement is empty');
    expect(refusal(() => checkBrandTruthStatements([]))).toBe('a Brand Truth needs at least one statement');
  });
});
