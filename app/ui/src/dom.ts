/**
 * The only way the UI makes DOM: elements with attributes and text nodes. There is no innerHTML anywhere;
 * strings become text nodes, `on…` attributes are refused (events go through addEventListener, so the page
 * runs under a CSP without 'unsafe-inline'), and an href must be an in-app route, a blob download or a
 * checked http(s) URL; an image's src may also be a PNG or SVG inline (data:, base64), which an <img> never runs.
 */
import { safeHttpUrl, EXTERNAL_LINK_REL } from './links.ts';
import { highlightSegments, type NameGroups } from './highlight.ts';
import type { MdNode } from './markdown.ts';

export type Child = Node | string | number | null | undefined | false | readonly Child[];
export type Attrs = Record<string, string | number | boolean | null | undefined>;

export function checkAttr(name: string, value: string): void {
  const n = name.toLowerCase();
  if (n.startsWith('on') || n === 'style' || n === 'srcdoc') throw new Error(`refused attribute ${name}`);
  if (
    (n === 'href' || n === 'src' || n === 'action' || n === 'formaction' || n === 'xlink:href') &&
    !safeRef(value) &&
    !(n === 'src' && INLINE_IMAGE.test(value))
  ) {
    throw new Error(`refused ${name}: ${value.slice(0, 40)}`);
  }
}

const INLINE_IMAGE = /^data:image\/(png|svg\+xml);base64,[A-Za-z0-9+/]*={0,2}$/;

const safeRef = (value: string) =>
  value.startsWith('#') || value.startsWith('blob:') || safeHttpUrl(value) !== null;

function setAttrs(el: Element, attrs: Attrs | null | undefined): void {
  if (!attrs) return;
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    const text = value === true ? '' : String(value);
    checkAttr(name, text);
    el.setAttribute(name, text);
  }
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, ...(child as Child[]));
    else if (child instanceof Node) parent.appendChild(child);
    else parent.appendChild(document.createTextNode(String(child)));
  }
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, ...children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, ...children);
  return el;
}

export function clear(el: Element): void {
  el.replaceChildren();
}

export function on<K extends keyof HTMLElementEventMap>(
  el: HTMLElement,
  type: K,
  handler: (ev: HTMLElementEventMap[K]) => void,
): void {
  el.addEventListener(type, handler);
}

export function button(
  label: Child,
  onClick: (ev: MouseEvent) => void,
  attrs: Attrs = {},
): HTMLButtonElement {
  const b = h('button', { type: 'button', ...attrs }, label);
  b.addEventListener('click', onClick);
  return b;
}

let idCounter = 0;
export const uid = (prefix = 'f') => `${prefix}-${++idCounter}`;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A labelled control: `<div class="field"><label for>…</label>control<p hint></div>`. */
export function field(label: string, control: Control, hint?: Child): HTMLDivElement {
  if (!control.id) control.id = uid('field');
  const wrap = h('div', { class: 'field' }, h('label', { for: control.id }, label), control);
  if (hint) {
    const hintEl = h('p', { class: 'hint', id: uid('hint') }, hint);
    control.setAttribute('aria-describedby', hintEl.id);
    wrap.append(hintEl);
  }
  return wrap;
}

export function input(attrs: Attrs = {}): HTMLInputElement {
  return h('input', { type: 'text', ...attrs });
}

export function select(
  options: readonly { value: string; label: string }[],
  value?: string,
  attrs: Attrs = {},
) {
  const el = h('select', attrs, ...options.map((o) => h('option', { value: o.value }, o.label)));
  if (value !== undefined) el.value = value;
  return el;
}

export function checkbox(
  label: string,
  checked: boolean,
  attrs: Attrs = {},
): { wrap: HTMLLabelElement; box: HTMLInputElement } {
  const box = h('input', { type: 'checkbox', ...attrs });
  box.defaultChecked = checked;
  box.checked = checked;
  return { wrap: h('label', { class: 'check' }, box, ' ', label), box };
}

/** A link to a source an engine gave: only http(s) becomes a link (new tab, no opener, no referrer). */
export function externalLink(url: string | null | undefined, label?: string | null): HTMLElement {
  const href = safeHttpUrl(url);
  const text = label && label.trim() ? label : (url ?? '');
  if (!href) return h('span', { class: 'unsafe-url', title: 'Not an http(s) address: shown as text' }, text);
  return h('a', { href, rel: EXTERNAL_LINK_REL, target: '_blank', class: 'external' }, text);
}

/** Untrusted text with the brand's and the competitors' names in <mark>s: text nodes and marks only. */
export function highlighted(text: string, names: NameGroups): DocumentFragment {
  const frag = document.createDocumentFragment();
  for (const seg of highlightSegments(text, names)) {
    frag.append(
      seg.mark
        ? h(
            'mark',
            { class: `mark-${seg.mark}`, title: seg.mark === 'brand' ? 'Your brand' : 'A competitor' },
            seg.text,
          )
        : document.createTextNode(seg.text),
    );
  }
  return frag;
}

/**
 * An answer's markdown tree (markdown.ts) as elements: each node a fixed tag, text through `highlighted`, a link
 * only with its checked http(s) href (new tab, no opener, no referrer), a table in a box that scrolls.
 */
export function markdownNodes(nodes: readonly MdNode[], names: NameGroups): Node[] {
  return nodes.map((n): Node => {
    if ('text' in n) return n.code ? document.createTextNode(n.text) : highlighted(n.text, names);
    const children = markdownNodes(n.children, names);
    if (n.tag === 'a') return h('a', { href: n.href, rel: EXTERNAL_LINK_REL, target: '_blank' }, children);
    if (n.tag === 'table')
      return h(
        'div',
        { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': 'Table in the answer' },
        h('table', null, children),
      );
    if (n.tag === 'th') return h('th', { scope: 'col' }, children);
    return h(n.tag, n.start === undefined ? null : { start: n.start }, children);
  });
}

/** A bar's length as a share of its track (0 to 1), set through the CSSOM, which the CSP allows. */
export function setBarWidth(bar: HTMLElement, fraction: number): void {
  bar.style.width = `${Math.max(0, Math.min(1, fraction)) * 100}%`;
}

/** A span on a track, from `start` to `end` (0 to 1 of its width), set through the CSSOM. */
export function setBarSpan(bar: HTMLElement, start: number, end: number): void {
  const from = Math.max(0, Math.min(1, start));
  bar.style.marginLeft = `${from * 100}%`;
  bar.style.width = `${Math.max(0, Math.min(1, end) - from) * 100}%`;
}

/** Text whose `quoted` parts are commands to type: those become code elements (as text), not literal backticks. */
export function withCode(text: string): Child[] {
  return text.split('`').map((part, i) => (i % 2 === 1 ? h('code', null, part) : part));
}

/** A message area: polite status or assertive alert. */
export function notice(kind: 'info' | 'error' | 'success' | 'warning', ...children: Child[]): HTMLElement {
  return h(
    'div',
    { class: `notice notice-${kind}`, role: kind === 'error' ? 'alert' : 'status' },
    ...children,
  );
}

export function loading(what = 'Loading…'): HTMLElement {
  return h('p', { class: 'loading', role: 'status' }, what);
}

/** A table from a header row and body rows; `caption` names it for screen readers. */
export function table(
  caption: Child,
  header: readonly Child[],
  rows: readonly (readonly Child[])[],
  attrs: Attrs = {},
) {
  return h(
    'table',
    attrs,
    h('caption', null, caption),
    h('thead', null, h('tr', null, ...header.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', null, ...rows.map((r) => h('tr', null, ...r.map((c) => h('td', null, c))))),
  );
}

/**
 * The accessible name of a confirm button once it asks again: the visible words lead it (a name that hides what is
 * shown confuses speech input), then what it acts on. "Revoke the key BI server" becomes "Confirm revoke the key BI
 * server"; a name that does not start with the label keeps it in brackets.
 */
export function armedName(label: string, confirmLabel: string, name: string): string {
  return name.startsWith(`${label} `)
    ? `${confirmLabel}${name.slice(label.length)}`
    : `${confirmLabel} (${name})`;
}

/** A button that asks again before doing something that cannot be undone (no window.confirm). */
export function confirmButton(
  label: string,
  confirmLabel: string,
  action: () => Promise<void> | void,
  attrs: Attrs = {},
) {
  let armed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const name = typeof attrs['aria-label'] === 'string' ? attrs['aria-label'] : null;
  const b = h('button', { type: 'button', class: 'danger', ...attrs }, label);
  const show = (on: boolean) => {
    armed = on;
    b.textContent = on ? confirmLabel : label;
    b.classList.toggle('armed', on);
    if (name !== null) b.setAttribute('aria-label', on ? armedName(label, confirmLabel, name) : name);
  };
  b.addEventListener('click', async () => {
    if (!armed) {
      show(true);
      timer = setTimeout(() => show(false), 5000);
      return;
    }
    clearTimeout(timer);
    b.disabled = true;
    try {
      await action();
    } finally {
      b.disabled = false;
      show(false);
    }
  });
  return b;
}

/** Copies text to the clipboard; falls back to selecting it so Ctrl+C works. */
export function copyButton(text: string, target: HTMLElement, label = 'Copy'): HTMLButtonElement {
  const b = button(label, async () => {
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = 'Copied';
    } catch {
      const range = document.createRange();
      range.selectNodeContents(target);
      const sel = window.getSelection();
      sel?.removeAllRanges();
      sel?.addRange(range);
      b.textContent = 'Selected: press Ctrl+C';
    }
    setTimeout(() => (b.textContent = label), 2500);
  });
  return b;
}
