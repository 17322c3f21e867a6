/** What the scorer needs to know about the brand being tracked. */
export interface BrandProfile {
  /** The project name, the brand's main name. */
  name: string;
  /** The brand's website; its registrable domain counts as the brand being cited. */
  websiteUrl: string | null;
  /** Other names the brand goes by. */
  brandTerms: readonly string[];
  /** Other domains that count as the brand being cited. */
  brandDomains: readonly string[];
}

export interface CompetitorProfile {
  name: string;
  domains: readonly string[];
}

export interface RawSource {
  url: string;
  title: string | null;
}

/** One engine answer as it arrives, before scoring. */
export interface RawAnswer {
  text: string;
  sources: readonly RawSource[];
}

export type Sentiment = 'positive' | 'mixed' | 'neutral' | 'negative' | 'not-applicable';

export interface CompetitorResult {
  name: string;
  mentioned: boolean;
  cited: boolean;
  citationUrl: string | null;
}

export interface ScoredAnswer {
  mentioned: boolean;
  cited: boolean;
  citationUrl: string | null;
  /** 1-based order of the brand's first mention among the brand and the competitors named; null when not named. */
  position: number | null;
  sentiment: Sentiment;
  sentimentReason: string;
  excerpt: string | null;
  competitors: CompetitorResult[];
  /** Normalised, deduplicated source URLs in the engine's order, at most 30. */
  sourceUrls: string[];
  /** Normalised, deduplicated sources in the engine's order (all of them, titles kept as given). */
  sources: RawSource[];
  fullAnswer: string;
  fullAnswerTruncated: boolean;
}
