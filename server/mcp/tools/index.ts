import type { Tool } from '../tool.ts';
import { actionReadTools, actionWriteTools } from './actions.ts';
import { insightTools } from './insights.ts';
import { readTools } from './read.ts';
import { reportTools } from './reports.ts';
import { siteTools } from './site.ts';
import { trafficTools } from './traffic.ts';
import { writeTools } from './write.ts';

/**
 * Every MCP tool. A new tool over a domain function is one `tool({...})` entry in read.ts, insights.ts, actions.ts, reports.ts, site.ts, traffic.ts or write.ts: its name,
 * a one-line description, the scope of the REST operation it mirrors, zod input and output (the contract's where
 * they fit), and a run that calls the domain function. Engine- and website-written text goes under a `quoted` member.
 */
export const TOOLS: readonly Tool[] = [
  ...readTools,
  ...insightTools,
  ...siteTools,
  ...trafficTools,
  ...reportTools,
  ...actionReadTools,
  ...writeTools,
  ...actionWriteTools,
];
