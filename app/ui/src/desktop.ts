/**
 * The desktop app's tray, in the UI: "Sign in to the cloud…" opens the cloud page; "Run now" opens the current
 * project's Runs page and starts a run there, exactly as the person would with the button. In a plain browser
 * there is no bridge and nothing happens.
 */
import type { AnswerwatchBridge } from '../../electron/preload-api.ts';
import { parseRoute, projectHref } from './router.ts';

const bridge = () => (globalThis as { answerwatch?: AnswerwatchBridge }).answerwatch;

/** Waits for the Runs page's form (it renders after its data loads), then submits it once. */
function submitRunForm(tries = 50): void {
  const form = document.querySelector<HTMLFormElement>('form:has(button.run-now)');
  const button = form?.querySelector<HTMLButtonElement>('button.run-now');
  if (form && button && !button.disabled) {
    form.requestSubmit();
    return;
  }
  if (tries > 0) setTimeout(() => submitRunForm(tries - 1), 100);
}

export function listenToDesktop(): void {
  // The tray's "Sign in to the cloud…": the page that does it (page-cloud.ts).
  bridge()?.onCloudSignIn(() => {
    location.hash = '#/cloud';
  });
  bridge()?.onRunNow(() => {
    const route = parseRoute(location.hash);
    if (route.name !== 'project' && route.name !== 'answer') {
      location.hash = '#/';
      return;
    }
    location.hash = projectHref(route.projectId, 'runs');
    submitRunForm();
  });
}
