/** The first-run checklist: what a project needs before its numbers mean something, each with where to fix it. */
import type { SetupSection } from './router.ts';

export interface ChecklistInput {
  websiteUrl: string | null;
  brandTerms: number;
  competitors: number;
  activePrompts: number;
  /** From the readiness read: engines that can run now, and whether any active prompt asks one. */
  readyEngines: number;
  canRun: boolean;
  cadence: string;
  scheduleWritable: boolean;
}

export interface ChecklistItem {
  id: 'brand' | 'website' | 'competitors' | 'prompts' | 'engines' | 'schedule';
  label: string;
  done: boolean;
  /** What is missing, or what is set. */
  note: string;
  /** Where to fix it: a part of Setup, or the Engines page. */
  where: SetupSection | 'engines';
}

export function checklist(i: ChecklistInput): ChecklistItem[] {
  return [
    {
      id: 'brand',
      label: 'Brand and its other names',
      done: true,
      note:
        i.brandTerms > 0
          ? `${i.brandTerms} other name${i.brandTerms === 1 ? '' : 's'} counted as mentions`
          : 'Add product names or spellings people use, if any',
      where: 'brand',
    },
    {
      id: 'website',
      label: 'Website',
      done: i.websiteUrl !== null && i.websiteUrl !== '',
      note: i.websiteUrl ? i.websiteUrl : 'Needed to count citations of your pages',
      where: 'brand',
    },
    {
      id: 'competitors',
      label: 'Competitors',
      done: i.competitors > 0,
      note: i.competitors > 0 ? `${i.competitors} tracked` : 'Add the brands you are compared with',
      where: 'competitors',
    },
    {
      id: 'prompts',
      label: 'Prompts',
      done: i.activePrompts > 0,
      note: i.activePrompts > 0 ? `${i.activePrompts} active` : 'Add the questions your customers ask',
      where: 'prompts',
    },
    {
      id: 'engines',
      label: 'Engines ready to run',
      done: i.canRun,
      note: i.canRun
        ? `${i.readyEngines} ready`
        : i.readyEngines > 0
          ? 'No active prompt asks a ready engine'
          : 'No engine can run yet: see what each one needs',
      where: 'engines',
    },
    {
      id: 'schedule',
      label: 'Schedule',
      done: i.cadence !== 'manual',
      note:
        i.cadence !== 'manual'
          ? 'Runs on its own'
          : i.scheduleWritable
            ? 'Off: runs only when you press Run now'
            : 'Set on the host computer',
      where: 'schedule',
    },
  ];
}
