import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/ui/src/api.ts';
import { errorText } from '../../app/ui/src/error-text.ts';
import { competitorEntries } from '../../app/ui/src/setup-competitors.ts';
import {
  day,
  placesChange,
  points,
  positionLabel,
  sentimentLabel,
  statusLabel,
  websiteUrl,
  withEngineLabels,
} from '../../app/ui/src/format.ts';

describe('what the UI says', () => {
  it('takes a bare domain as a website', () => {
    expect(websiteUrl('acme.com')).toBe('https://acme.com');
    expect(websiteUrl('  www.acme.com/pricing ')).toBe('https://www.acme.com/pricing');
    expect(websiteUrl('https://acme.com')).toBe('https://acme.com');
    expect(websiteUrl('http://acme.com')).toBe('http://acme.com');
    expect(websiteUrl('')).toBe('');
  });

  it('puts raw values into words', () => {
    expect(sentimentLabel('not-applicable')).toBe('Brand not named');
    expect(sentimentLabel(null)).toBe('Not scored');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map(positionLabel)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
    ]);
    expect(positionLabel(null)).toBe('Not named');
    expect(statusLabel('waiting_for_host')).toBe('Waiting for the host computer');
    expect(day('2026-06-15')).toBe('15 Jun 2026');
  });

  it('says changes with their direction in words as well as colour', () => {
    expect(points(0.05)).toEqual({ text: '▲ +5 pts', trend: 'up' });
    expect(points(-0.125)).toEqual({ text: '▼ −12.5 pts', trend: 'down' });
    expect(points(null)).toEqual({ text: '—', trend: 'none' });
    // A position falls when it gets better.
    expect(placesChange(-0.26)).toEqual({ text: '▲ up 0.3', trend: 'up' });
    expect(placesChange(1)).toEqual({ text: '▼ down 1', trend: 'down' });
    expect(placesChange(0.01)).toEqual({ text: 'no change', trend: 'same' });
    expect(placesChange(null)).toEqual({ text: '—', trend: 'none' });
  });

  it('says errors in plain words naming the form field, never the raw code', () => {
    const invalid = new ApiError(
      400,
      'invalid_parameter',
      'body websiteUrl: must be an https URL; body name: Too big',
    );
    expect(errorText(invalid)).toBe('Website: must be an https URL. Name: Too big');
    const allowance = new ApiError(409, 'insufficient_allowance', 'x', {
      estimatedUnits: 12,
      remainingUnits: 3,
    });
    expect(errorText(allowance)).toContain('it needs 12 and 3 remain');
    expect(errorText(new ApiError(409, 'run_in_progress', 'x'))).not.toContain('run_in_progress');
    const viewer =
      'Your role in this account (viewer) only reads: ask its owner or an admin for another role.';
    expect(errorText(new ApiError(403, 'insufficient_scope', viewer))).toBe(viewer);
    expect(
      errorText(new ApiError(403, 'insufficient_scope', 'This key lacks the tracking:write scope.')),
    ).toBe('This key may not do that.');
  });

  it('sends a competitor with two domains as two entries of one name', () => {
    expect(
      competitorEntries([
        { name: ' Globex ', domains: 'globex.com, globex.io' },
        { name: 'Initech', domains: '' },
        { name: '  ', domains: 'nobody.example' },
      ]),
    ).toEqual([
      { name: 'Globex', domain: 'globex.com' },
      { name: 'Globex', domain: 'globex.io' },
      { name: 'Initech', domain: null },
    ]);
  });
});

describe('withEngineLabels', () => {
  it('names engines by their labels in a service message, whole ids only, the longest first', () => {
    const labels = new Map([
      ['chatgpt', 'ChatGPT'],
      ['chatgpt-local-fetch', 'ChatGPT (signed-in browser)'],
      ['gemini', 'Gemini'],
    ]);
    expect(
      withEngineLabels('gemini: rate_limited (slow down); chatgpt-local-fetch: signed out', labels),
    ).toBe('Gemini: rate_limited (slow down); ChatGPT (signed-in browser): signed out');
    expect(withEngineLabels('set GEMINI_API_KEY; see chatgpt.com or mygemini', labels)).toBe(
      'set GEMINI_API_KEY; see chatgpt.com or mygemini',
    );
  });
});
