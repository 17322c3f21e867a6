import { z } from 'zod';
import { Action, ActionEvidence, Actions } from '../contract/actions.ts';
import { UNTRUSTED } from './quoted-answers.ts';

/**
 * Ranked actions as the MCP tools give them. Titles quote sites, pages and searches, which the engines wrote (a page
 * path or a search can say anything), and fix-narrative's reasons are the judge's reading of engine text, so the
 * title and those members sit inside `quoted`, apart from the figures.
 */

const Quoted = z
  .strictObject({
    title: Action.shape.title,
    domain: ActionEvidence.shape.domain,
    url: ActionEvidence.shape.url,
    query: ActionEvidence.shape.query,
    reasons: ActionEvidence.shape.reasons,
  })
  .describe(UNTRUSTED);

export const McpAction = Action.omit({ title: true, evidence: true }).extend({
  evidence: ActionEvidence.omit({ domain: true, url: true, query: true, reasons: true }),
  quoted: Quoted,
});

export const McpActions = Actions.omit({ summary: true }).extend({
  data: z.array(McpAction),
  quoted: z.strictObject({ summary: Actions.shape.summary }).describe(UNTRUSTED),
});

export function quoteAction(a: z.input<typeof Action>): z.input<typeof McpAction> {
  const { title, evidence, ...rest } = a;
  const { domain, url, query, reasons, ...figures } = evidence;
  return { ...rest, evidence: figures, quoted: { title, domain, url, query, reasons } };
}

export function quoteActions(list: z.input<typeof Actions>): z.input<typeof McpActions> {
  const { summary, ...rest } = list;
  return { ...rest, data: list.data.map(quoteAction), quoted: { summary } };
}
