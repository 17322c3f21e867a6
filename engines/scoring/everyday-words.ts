/**
 * Ordinary English words that brands also use as names. A one-word brand term found here only counts when
 * written with its capital as a name ("Notion", not "the notion that"), and a capital at the start of a
 * sentence needs more evidence (see term-rules.ts). The list favours words that software, consumer and
 * AI brands actually take; it is not a dictionary, and a brand missing from it is matched ignoring case.
 */
export const EVERYDAY_WORDS: ReadonlySet<string> = new Set(
  `
  a all an and any apple are as at be best better big bolt book books box bright buffer by can cash chase
  circle civic clear close coach cohere compass copilot craft current cursor dash dawn delta discord do dove
  drift drive edge elastic excel explorer express first fit flow fly for found frame free front gain gap
  ghost glad go good grab great grok guess heap height help hey hive home hopper in it joy just keep keeper
  kit lattice ledger like lime linear loom make maps match medium meet mercury meta mighty mint modal mode
  monday more music nest new news next notes notion now office on one open or oracle outlook page pages
  paint perplexity pilot pinecone ping pixel plus prime pro public pulse purple quick ramp range reach
  remote render replicate ring rover runway safari secret segment sentry shell shift shortcut signal slack
  slides snowflake so spark spike sprout square stash strike stripe surface swift target teams the things
  tide together total track up us vault venture via visa visible volt we well windows wise word workday
  writer x yes you zip zoom
  `
    .split(/\s+/)
    .filter((word) => word !== ''),
);
