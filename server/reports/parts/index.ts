import type { ReportPart, ReportParts } from '../part.ts';
import { actionsPart } from './actions.ts';
import { driftPart } from './drift.ts';
import { kpisPart } from './kpis.ts';
import { promptsPart } from './prompts.ts';
import { shareOfVoicePart } from './share-of-voice.ts';
import { sourcesPart } from './sources.ts';
import { trafficPart } from './traffic.ts';
import { trendsPart } from './trends.ts';

/** The report's parts in the order the page shows them. */
export const PARTS: { [K in keyof ReportParts]: ReportPart<K> } = {
  kpis: kpisPart,
  trends: trendsPart,
  shareOfVoice: shareOfVoicePart,
  prompts: promptsPart,
  sources: sourcesPart,
  actions: actionsPart,
  drift: driftPart,
  traffic: trafficPart,
};
