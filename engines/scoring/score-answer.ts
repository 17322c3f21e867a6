/** Scores one engine answer for a brand and its tracked competitors. */
import { createCitationFinder } from './citations.ts';
import { brandDomains, competitorDomains } from './domains.ts';
import { excerptAround } from './excerpt.ts';
import { truncateAnswer } from './full-answer.ts';
import { BRAND, createMentionFinder } from './mentions.ts';
import { brandPosition } from './position.ts';
import { scoreSentiment } from './sentiment.ts';
import { maskLinks } from './links.ts';
import type { BrandProfile, CompetitorProfile, RawAnswer, ScoredAnswer } from './types.ts';
import { normaliseSources } from './urls.ts';

export const SOURCE_URL_LIMIT = 30;

export type AnswerScorer = (answer: RawAnswer) => ScoredAnswer;

/**
 * Compiles the brand's and competitors' name patterns and domain sets once and returns a scorer to run
 * over many answers (an import scores thousands a second). Competitor results keep the input order.
 */
export function createScorer(brand: BrandProfile, competitors: readonly CompetitorProfile[]): AnswerScorer {
  const findMentions = createMentionFinder(brand, competitors);
  const findCitations = createCitationFinder([
    brandDomains(brand),
    ...competitors.map((competitor) => competitorDomains(competitor.domains)),
  ]);

  return (answer) => {
    // One Unicode form for names and text alike, so "Acmé" typed precomposed matches it decomposed.
    const text = answer.text.normalize('NFC');
    const masked = maskLinks(text);
    const { mentions, firstAt } = findMentions(masked);
    const sources = normaliseSources(answer.sources);
    const citations = findCitations(sources);
    const firstBrandMention = mentions.find((mention) => mention.owner === BRAND);
    const { sentiment, reason } = scoreSentiment(masked, mentions, brand.name);
    const brandCitation = citations[BRAND] ?? null;
    return {
      mentioned: firstBrandMention !== undefined,
      cited: brandCitation !== null,
      citationUrl: brandCitation,
      position: brandPosition(firstAt),
      sentiment,
      sentimentReason: reason,
      excerpt: firstBrandMention ? excerptAround(text, firstBrandMention.start, firstBrandMention.end) : null,
      competitors: competitors.map((competitor, i) => {
        const citationUrl = citations[i + 1] ?? null;
        return {
          name: competitor.name,
          mentioned: firstAt[i + 1] !== -1,
          cited: citationUrl !== null,
          citationUrl,
        };
      }),
      sourceUrls: sources.slice(0, SOURCE_URL_LIMIT).map((source) => source.url),
      sources,
      ...truncateAnswer(answer.text),
    };
  };
}

/** Scores a single answer; to score many for the same brand, build one scorer with createScorer. */
export function scoreAnswer(
  answer: RawAnswer,
  brand: BrandProfile,
  competitors: readonly CompetitorProfile[],
): ScoredAnswer {
  return createScorer(brand, competitors)(answer);
}
