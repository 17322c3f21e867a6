import { describe, expect, it } from 'vitest';
import { checkAttr } from '../../app/ui/src/dom.ts';

describe('the attributes the UI sets', () => {
  it('lets an image show a PNG or SVG inline, and nothing else inline', () => {
    expect(() => checkAttr('src', 'data:image/png;base64,iVBORw0KGgo=')).not.toThrow();
    expect(() => checkAttr('src', 'data:image/svg+xml;base64,PHN2Zy8+')).not.toThrow();
    for (const [name, value] of [
      ['href', 'data:image/svg+xml;base64,PHN2Zy8+'],
      ['src', 'data:text/html;base64,PHNjcmlwdD4='],
      ['src', 'data:image/svg+xml,<svg onload=alert(1)>'],
      ['src', 'data:image/png;base64,iVBO"onerror="x'],
      ['src', 'javascript:alert(1)'],
    ])
      expect(() => checkAttr(name!, value!), `${name}=${value}`).toThrow(/^refused/);
  });
});
