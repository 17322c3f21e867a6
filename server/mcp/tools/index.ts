import type { Tool } from '../tool.ts';
import { actionReadTools, actionWriteTools } from './actions.ts';
import { insightTools } from './insights.ts';
import { readTools } from './read.ts';
import { writeTools } from './write.ts';

/**
 * Every MCP tool. A new tool over a domain function is one `tool({...})` entry in read.ts, insights.ts, actions.ts or write.ts: its name,
 * a one-line description, the scope of the REST operation it mirrors, zod input and output (the contract's where
 * they fit), and a run that calls the domain function. Engine-written text goes under a `quoted` member.
 */
export const TOOLS: readonly Tool[] = [
  ...readTools,
  ...insightTools,
  ...actionReadTools,
  ...writeTools,
  ...actionWriteTools,
];
