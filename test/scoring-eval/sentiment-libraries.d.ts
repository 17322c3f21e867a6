// The three general-purpose sentiment analysers compared in compare-sentiment.ts ship no types.
declare module 'vader-sentiment' {
  const vader: {
    SentimentIntensityAnalyzer: { polarity_scores(text: string): { compound: number } };
  };
  export default vader;
}
declare module 'wink-sentiment' {
  export default function winkSentiment(text: string): { normalizedScore: number };
}
declare module 'sentiment' {
  export default class Sentiment {
    analyze(text: string): { score: number };
  }
}
