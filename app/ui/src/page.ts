/** What the router hands a page. */
import type { AccountView, Project } from './types.ts';

export interface PageContext {
  /** The element this page renders into; replaced (and so detached) when the user navigates away. */
  view: HTMLElement;
  /** Aborted when the user leaves the page: polls and long loads stop. */
  signal: AbortSignal;
  query: URLSearchParams;
  setTitle(title: string): void;
  navigate(hash: string): void;
}

export interface ProjectContext extends PageContext {
  projectId: string;
  project: Project;
}

/** What a section of the account's settings gets: the page, the account (with the caller's role) and its area. */
export interface SettingsContext extends PageContext {
  account: AccountView;
  area: HTMLElement;
}
