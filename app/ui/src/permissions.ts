/**
 * What the UI offers to whoever is using it. The service decides (a viewer's write is 403 whatever the page
 * shows); the UI only does not offer what would be refused: the scopes come from `GET /v1/me` for a signed-in
 * person (their role in the chosen account), and `start`'s owner holds them all.
 */
import { h } from './dom.ts';

const ALL = ['visibility:read', 'tracking:write', 'runs:execute'] as const;

export interface Offered {
  /** Create, edit and delete: projects, prompts, setup, competitors, Brand Truth, webhooks, alert settings. */
  writes: boolean;
  /** Start and cancel runs. */
  runs: boolean;
}

export function offeredFor(scopes: readonly string[]): Offered {
  return { writes: scopes.includes('tracking:write'), runs: scopes.includes('runs:execute') };
}

let offered: Offered = offeredFor(ALL);

export function holdScopes(scopes: readonly string[] = ALL): void {
  offered = offeredFor(scopes);
}

export const canWrite = (): boolean => offered.writes;
export const canRun = (): boolean => offered.runs;

/** The write controls given, or none where the person only reads. */
export function writeControls<T>(...controls: T[]): T[] {
  return offered.writes ? controls : [];
}

/** The run controls given, or none where the person may not start runs. */
export function runControls<T>(...controls: T[]): T[] {
  return offered.runs ? controls : [];
}

/**
 * A settings form, as the person may use it: whole for a writer; for a reader, the same values to read, every
 * button gone and every field disabled (so Enter cannot submit it either).
 */
export function readOnlyForm<F extends HTMLFormElement>(form: F): F {
  if (offered.writes) return form;
  for (const b of form.querySelectorAll('button')) b.remove();
  for (const c of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    'input, select, textarea',
  ))
    c.disabled = true;
  form.setAttribute('aria-readonly', 'true');
  form.prepend(
    h('p', { class: 'hint' }, 'Your role in this account reads these settings; it does not change them.'),
  );
  return form;
}
