import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from '../../app/ui/src/links.ts';

describe('safe source links', () => {
  it('accepts absolute http and https addresses', () => {
    expect(safeHttpUrl('https://acme.example/guide?x=1#top')).toBe('https://acme.example/guide?x=1#top');
    expect(safeHttpUrl('http://acme.example')).toBe('http://acme.example/');
    expect(safeHttpUrl('HTTPS://Acme.Example/A')).toBe('https://acme.example/A');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'javascript:alert(1)//https://acme.example',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://acme.example/x',
    '//acme.example/x',
    '/relative/path',
    'acme.example',
    'https://user:pass@acme.example/',
    'https://',
    'https://acme.example/\nx',
    '',
  ])('refuses %j', (url) => {
    expect(safeHttpUrl(url)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeHttpUrl(null)).toBeNull();
    expect(safeHttpUrl(undefined)).toBeNull();
    expect(safeHttpUrl({ href: 'https://acme.example' })).toBeNull();
  });
});
