import type { z } from 'zod';
import type { Report } from '../contract/reports.ts';
import type { Caller, Services } from '../domain/context.ts';
import type { DayRange } from '../domain/date-range.ts';
import { JsonText } from '../domain/json-text.ts';
import type { Html } from './html.ts';

export type ReportBody = z.output<typeof Report>;
export type ReportParts = ReportBody['parts'];

/** What every part reads with: the caller's own reads, for the period and the one before it. */
export interface PartInput {
  s: Services;
  caller: Caller;
  projectId: string;
  range: DayRange;
  previous: DayRange;
}

/**
 * One part of the report: how it is built from the domain's reads (the same functions the API's reads call, so its
 * figures are theirs) and how it is drawn on the page. A new part is one more of these, in one file.
 */
export interface ReportPart<K extends keyof ReportParts> {
  key: K;
  title: string;
  build(input: PartInput): Promise<ReportParts[K]>;
  render(data: ReportParts[K]): Html;
}

/** A read's body as an object, whether the domain rendered it to JSON text already or not. */
export async function bodyOf<T>(read: Promise<T | JsonText<T>>): Promise<T> {
  const body = await read;
  return body instanceof JsonText ? (JSON.parse(body.text) as T) : body;
}
