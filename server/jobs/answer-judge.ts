import type { Judge } from '../../engines/judge/index.ts';
import type { Store } from '../store/index.ts';
import type { AnswerJudge } from './cloud-run.ts';

/**
 * The judge with what it needs of the project: the brand's names and its Brand Truth, read per answer; the statements
 * a drift names are given back as their texts.
 */
export function projectJudge(store: Store, judge: Judge): AnswerJudge {
  return async ({ projectId, answerText, mentioned, signal }) => {
    const [project, truth] = await Promise.all([
      store.projects.get(projectId),
      store.brandTruths.get(projectId),
    ]);
    if (!project) return null;
    const statements = truth?.statements ?? null;
    const verdict = await judge.judge({
      brand: { name: project.name, brandTerms: project.brandTerms },
      answerText,
      mentioned,
      brandTruth: statements,
      signal,
    });
    // The numbers are the judge's view of the statements read here, so they name these texts.
    return (
      verdict && {
        ...verdict,
        driftStatements: verdict.driftStatements.map((n) => statements![n - 1]!),
      }
    );
  };
}
