/**
 * Markup for the report page, built only through the `html` tag: every interpolated value is escaped as text unless
 * it is itself markup made by the tag, so engine and judge text can never become markup. Lists of markup are joined.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export class Html {
  readonly #markup: string;
  /** Only the tag and `trusted` make markup; nothing else can. */
  private constructor(markup: string) {
    this.#markup = markup;
  }
  toString(): string {
    return this.#markup;
  }
  static of(markup: string): Html {
    return new Html(markup);
  }
}

export type HtmlValue = Html | string | number | null | undefined | false | readonly HtmlValue[];

export function escapeText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function render(value: HtmlValue): string {
  if (value instanceof Html) return value.toString();
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeText(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!;
  values.forEach((v, i) => {
    out += render(v) + strings[i + 1]!;
  });
  return Html.of(out);
}

/** The service's own constant markup (the page's stylesheet): never called with data. */
export const trusted = (markup: string): Html => Html.of(markup);
