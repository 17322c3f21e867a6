import type { Judge } from '../../engines/judge/index.ts';
import type { Store } from '../store/index.ts';
import type { AnswerJudge } from './cloud-run.ts';

/** The judge with what it needs of the project: the brand's names and its Brand Truth, read per answer. */
export function projectJudge(store: Store, judge: Judge): AnswerJudge {
  return async ({ projectId, answerText, mentioned, signal }) => {
    const [project, truth] = await Promise.all([
      store.projects.get(projectId),
      store.brandTruths.get(projectId),
    ]);
    if (!project) return null;
    return judge.judge({
      brand: { name: project.name, brandTerms: project.brandTerms },
      answerText,
      mentioned,
      brandTruth: truth?.statements ?? null,
      signal,
    });
  };
}
