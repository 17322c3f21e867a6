import { describe, expect, it } from 'vitest';
import { a, form, p, page } from '../../server/auth/link-page.ts';

describe('the pages sign-in mails link to', () => {
  it('escape every text people typed (an account name, an address), in sentences, links and forms', () => {
    const html = page('Join "x"', [
      p('olga invited you to the account “<script>alert(1)</script>”.'),
      a('/app/?a=1&b="2"', 'Open <Answerwatch>'),
      form('/app/accept-invitation', { id: '"><img src=x onerror=alert(1)>' }, [], 'Join'),
    ]);
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="/app/?a=1&amp;b=&quot;2&quot;">Open &lt;Answerwatch&gt;</a>');
    expect(html).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(html).toContain('<title>Join &quot;x&quot; — Answerwatch</title>');
  });
});
