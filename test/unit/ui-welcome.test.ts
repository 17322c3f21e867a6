import { describe, expect, it } from 'vitest';
import { brandProblems } from '../../app/ui/src/welcome-checks.ts';
import { suggestPrompts } from '../../app/ui/src/welcome-prompts.ts';

describe('first-run prompt suggestions', () => {
  it('fills the buyers’ questions with the brand, what it sells and the first competitor named', () => {
    expect(suggestPrompts(' Acme ', 'CRM software.', ['', ' Globex', 'Initech'])).toEqual([
      'Who makes the best CRM software?',
      'What CRM software would you recommend for a small business?',
      'What are the best alternatives to Acme?',
      'Acme or Globex: which is better?',
      'Is Acme a good choice for CRM software?',
    ]);
  });

  it('asks only what it can fill in: no market, no competitor, or nothing typed', () => {
    expect(suggestPrompts('Acme', '', [])).toEqual([
      'What are the best alternatives to Acme?',
      'What do people say about Acme?',
    ]);
    expect(suggestPrompts('', 'running shoes', ['Globex'])).toEqual([
      'Who makes the best running shoes?',
      'What running shoes would you recommend for a small business?',
    ]);
    expect(suggestPrompts(' ', ' ', [])).toEqual([]);
  });
});

describe('first-run brand check', () => {
  it('takes a brand with a bare domain or an https address', () => {
    expect(brandProblems('Acme', 'acme.com')).toEqual([]);
    expect(brandProblems('Acme', 'https://www.acme.co.uk/en')).toEqual([]);
  });

  it('says in a sentence per field what is missing or wrong', () => {
    expect(brandProblems('  ', '')).toEqual([
      'Brand name: enter the brand’s name as people write it.',
      'Website: enter the brand’s site, for example acme.com.',
    ]);
    for (const site of ['not a site', 'http://acme.com', 'acme', 'ftp://acme.com', 'https://']) {
      expect(brandProblems('Acme', site)).toEqual([
        `Website: “${site}” is not an https web address; enter one like acme.com.`,
      ]);
    }
  });
});
