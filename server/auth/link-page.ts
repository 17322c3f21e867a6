/** The small pages the mails link to: plain HTML, no script, every text escaped. */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** A fragment of markup made only by the helpers below, so text never reaches the page unescaped. */
export interface Html {
  readonly html: string;
}

export const text = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
export const p = (sentence: string): Html => ({ html: `<p>${text(sentence)}</p>` });
export const a = (href: string, label: string): Html => ({
  html: `<p><a href="${text(href)}">${text(label)}</a></p>`,
});

/** A form that posts to the service's own page: hidden values, then the fields a person fills in. */
export function form(
  action: string,
  hidden: Record<string, string>,
  fields: { name: string; label: string; type: 'password' | 'email'; minLength?: number }[],
  submit: string,
): Html {
  const inputs = [
    ...Object.entries(hidden).map(([n, v]) => `<input type="hidden" name="${text(n)}" value="${text(v)}">`),
    ...fields.map(
      (f) =>
        `<p><label>${text(f.label)} <input type="${f.type}" name="${text(f.name)}" required` +
        `${f.minLength ? ` minlength="${f.minLength}"` : ''}${f.type === 'password' ? ' autocomplete="new-password"' : ''}></label></p>`,
    ),
  ];
  return {
    html: `<form method="post" action="${text(action)}">${inputs.join('')}<p><button>${text(submit)}</button></p></form>`,
  };
}

/**
 * Nothing runs, nothing loads from elsewhere, forms post only here, and no other site may frame it. The referrer
 * policy is `same-origin`, not `no-referrer`: under no-referrer a browser sends `Origin: null` with a form's POST,
 * and the same-origin check of cookie writes (same-origin.ts) would refuse the page's own "Join the account".
 * Nothing leaves for another site either way (nothing links or loads elsewhere).
 */
export const PAGE_CSP = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export function page(title: string, parts: Html[]): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="same-origin">` +
    `<title>${text(title)} — Answerwatch</title></head><body><main><h1>${text(title)}</h1>` +
    `${parts.map((x) => x.html).join('')}</main></body></html>`
  );
}
