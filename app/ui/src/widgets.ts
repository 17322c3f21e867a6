/** Pieces every page uses: headings, forms that report their errors, polling that stops on navigation. */
import { h, notice, withCode, type Child } from './dom.ts';
import { errorText } from './error-text.ts';
import { statusLabel } from './format.ts';

export function pageHeader(title: string, ...intro: Child[]): HTMLElement {
  return h(
    'header',
    { class: 'page-header' },
    h('h1', { tabindex: '-1' }, title),
    intro.length > 0 ? h('p', { class: 'lede' }, ...intro) : null,
  );
}

export function section(title: string, ...children: Child[]): HTMLElement {
  const id = `s-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return h('section', { class: 'panel', 'aria-labelledby': id }, h('h2', { id }, title), ...children);
}

/**
 * Runs `handler` on submit (Enter or the submit button), with the submit button disabled meanwhile; what it
 * answers is shown as a success, what it throws as an error with the service's `detail`.
 */
export function onSubmit(
  form: HTMLFormElement,
  status: HTMLElement,
  handler: () => Promise<Child | void>,
): void {
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const submit = form.querySelector<HTMLButtonElement>('button[type=submit]');
    if (submit) submit.disabled = true;
    status.replaceChildren();
    // The last outcome is old news once the form is sent again: a success left in the live region would stand
    // beside the error this attempt may bring.
    if (liveRegion) liveRegion.textContent = '';
    form.setAttribute('aria-busy', 'true');
    try {
      const message = await handler();
      if (message) status.replaceChildren(notice('success', message));
    } catch (err) {
      status.replaceChildren(errorNotice(err));
    } finally {
      if (submit) submit.disabled = false;
      form.removeAttribute('aria-busy');
    }
  });
}

export function errorNotice(err: unknown): HTMLElement {
  return notice('error', withCode(errorText(err)));
}

/** Calls `tick` every `ms` until it answers false or the signal aborts (the page was left). */
export function poll(ms: number, signal: AbortSignal, tick: () => Promise<boolean>): void {
  const loop = async () => {
    if (signal.aborted) return;
    let again = true;
    try {
      again = await tick();
    } catch {
      // A failed poll is retried at the next tick; the page shows its own errors.
    }
    if (again && !signal.aborted) setTimeout(loop, ms);
  };
  setTimeout(loop, ms);
}

let liveRegion: HTMLElement | null = null;

export function setLiveRegion(el: HTMLElement): void {
  liveRegion = el;
}

/** Says something to screen readers (and shows it briefly). */
export function announce(message: string): void {
  if (!liveRegion) return;
  liveRegion.textContent = '';
  // A fresh text node after a tick makes screen readers read a repeated message again.
  setTimeout(() => {
    if (liveRegion) liveRegion.textContent = message;
  }, 50);
}

export function badge(text: string, kind = ''): HTMLElement {
  return h('span', { class: `badge ${kind}`.trim() }, text);
}

export function statusBadge(status: string): HTMLElement {
  const kind =
    status === 'completed' || status === 'delivered'
      ? 'ok'
      : status === 'failed' || status === 'canceled'
        ? 'bad'
        : 'busy';
  return badge(statusLabel(status), kind);
}

let flashMessage: { kind: 'success' | 'warning'; text: string } | null = null;

/** A message for the next page (shown once at its top), for example after a create that navigates away. */
export function setFlash(kind: 'success' | 'warning', text: string): void {
  flashMessage = { kind, text };
}

export function takeFlash(): HTMLElement | null {
  const f = flashMessage;
  flashMessage = null;
  return f ? notice(f.kind, f.text) : null;
}

/** A row of a cardTable: the first cell heads it, each other cell carries its column's name. */
export function cardRow(headers: readonly string[], [head, ...cells]: readonly Child[]): HTMLTableRowElement {
  return h(
    'tr',
    null,
    h('th', { scope: 'row' }, head),
    ...cells.map((c, i) => h('td', { 'data-label': headers[i + 1] ?? '' }, c)),
  );
}

/** A table on a wide screen, one card per row on a phone (the stylesheet's `responsive`). */
export function cardTable(
  caption: Child,
  headers: readonly string[],
  rows: readonly (readonly Child[])[],
  className = '',
): HTMLTableElement {
  return h(
    'table',
    { class: `responsive ${className}`.trim() },
    h('caption', null, caption),
    h('thead', null, h('tr', null, ...headers.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', null, ...rows.map((r) => cardRow(headers, r))),
  );
}
