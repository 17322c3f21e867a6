/**
 * Each engine's colour: its place among the project's engines picks one of the stylesheet's series colours
 * (--s0 … --s7), so an engine has the same colour in every chart, legend, grid column and list of the project.
 * Kept apart from the charts so a page without charts colours its engines without loading the chart library.
 */
import { h } from './dom.ts';
import { isLocalFetch } from './state.ts';

export const SERIES_STYLES = 8;

/**
 * Colour slot of an engine: its place among all the project's engines, so it is the same in every chart. A
 * signed-in app variant takes its API engine's colour (the charts tell them apart by their dash).
 */
export function slotOf(engines: ReadonlyMap<string, string>, engineId: string): number {
  const base = isLocalFetch(engineId) ? engineId.slice(0, -'-local-fetch'.length) : engineId;
  const i = [...engines.keys()].indexOf(engines.has(base) ? base : engineId);
  return (i < 0 ? engines.size + engineId.length : i) % SERIES_STYLES;
}

/** The engine's colour as a small dot before its name (decorative: the name says which engine). */
export function engineDot(engines: ReadonlyMap<string, string>, engineId: string): HTMLElement {
  return h('span', { class: `dot series-${slotOf(engines, engineId)}`, 'aria-hidden': 'true' });
}
