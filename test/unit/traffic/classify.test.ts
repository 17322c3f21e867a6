/**
 * Who a hit is: agents by their documented user agents (OpenAI's, Anthropic's, Perplexity's bot pages, Google's and
 * Bing's crawler overviews), verified against the ranges snapshots that ship, and AI referrals by Referer and
 * utm_source.
 */
import { describe, expect, it } from 'vitest';
import { agentClassifier, agentOf } from '../../../server/traffic/agents.ts';
import { snapshotsInUse } from '../../../server/traffic/range-sources.ts';
import { referralEngine } from '../../../server/traffic/referrals.ts';
import { rangeVerifier } from '../../../server/traffic/verify.ts';
import { addressOutside, shippedAddress, shippedIpv6Address } from '../../support/shipped-ranges.ts';

describe('agents by user agent', () => {
  it.each([
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
      'GPTBot',
      'OpenAI',
      'training',
    ],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
      'OAI-SearchBot',
      'OpenAI',
      'search',
    ],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
      'ChatGPT-User',
      'OpenAI',
      'user',
    ],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
      'ClaudeBot',
      'Anthropic',
      'training',
    ],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
      'Claude-User',
      'Anthropic',
      'user',
    ],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
      'PerplexityBot',
      'Perplexity',
      'search',
    ],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
      'Perplexity-User',
      'Perplexity',
      'user',
    ],
    ['CCBot/2.0 (https://commoncrawl.org/faq/)', 'CCBot', 'Common Crawl', 'training'],
    [
      'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
      'meta-externalagent',
      'Meta',
      'training',
    ],
    [
      'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
      'Bytespider',
      'ByteDance',
      'training',
    ],
    [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Googlebot',
      'Google',
      'classic-search',
    ],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
      'bingbot',
      'Microsoft',
      'classic-search',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
      'Applebot',
      'Apple',
      'classic-search',
    ],
  ])('%s is %s', (ua, agent, operator, purpose) => {
    expect(agentOf(ua)).toEqual({ agent, operator, purpose });
  });

  it('tells other bots (isbot) from people, an empty agent counting as a bot', () => {
    expect(agentOf('curl/8.5.0').purpose).toBe('other-bot');
    expect(agentOf('Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)').agent).toBe(
      'other-bot',
    );
    expect(agentOf('').purpose).toBe('other-bot');
    expect(
      agentOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ agent: 'people', operator: null, purpose: 'people' });
  });

  it('matches tokens as words: robots-only tokens never, a token inside another word never', () => {
    expect(agentOf('Google-Extended').agent).toBe('other-bot');
    expect(agentOf('Mozilla/5.0 NotGPTBotReally').purpose).not.toBe('training');
  });

  it('answers the same through its cache', () => {
    const classify = agentClassifier();
    expect(classify('GPTBot/1.2')).toEqual(classify('GPTBot/1.2'));
    expect(classify('GPTBot/1.2').agent).toBe('GPTBot');
  });
});

describe('verification by published ranges', () => {
  const verify = rangeVerifier(snapshotsInUse([]));
  const gptbot = shippedAddress('openai-gptbot', 77);
  const googlebot = shippedAddress('google-googlebot', 1);

  it('verifies an address inside the operator ranges, IPv4, IPv6 and IPv4-mapped', () => {
    expect(verify('GPTBot', gptbot)).toBe('verified');
    expect(verify('Googlebot', googlebot)).toBe('verified');
    expect(verify('Googlebot', shippedIpv6Address('google-googlebot'))).toBe('verified');
    expect(verify('GPTBot', `::ffff:${shippedAddress('openai-gptbot', 1)}`)).toBe('verified');
  });

  it('calls spoofed a claim from elsewhere, or with no address at all that is one', () => {
    expect(verify('GPTBot', '203.0.113.50')).toBe('spoofed');
    expect(verify('Googlebot', shippedAddress('google-googlebot', 0))).toBe('verified');
    expect(verify('Googlebot', addressOutside('google-googlebot'))).toBe('spoofed');
    expect(verify('GPTBot', googlebot)).toBe('spoofed');
    expect(verify('GPTBot', 'not-an-ip')).toBe('spoofed');
  });

  it('calls claimed what an operator publishes no ranges for, or a log without addresses', () => {
    expect(verify('ClaudeBot', '203.0.113.50')).toBe('claimed');
    expect(verify('GPTBot', null)).toBe('claimed');
  });

  it('uses a stored snapshot in place of the shipped one', () => {
    const stored = rangeVerifier(
      snapshotsInUse([
        {
          source: 'openai-gptbot',
          creationTime: '2027-01-01T00:00:00',
          prefixes: ['198.51.100.0/24'],
          updatedAt: '2027-01-02T00:00:00.000Z',
        },
      ]),
    );
    expect(stored('GPTBot', '198.51.100.9')).toBe('verified');
    expect(stored('GPTBot', gptbot)).toBe('spoofed');
  });
});

describe('AI referrals', () => {
  it.each([
    ['https://chatgpt.com/', '', 'chatgpt'],
    ['https://chat.openai.com/c/abc', '', 'chatgpt'],
    ['https://www.perplexity.ai/search?q=acme', '', 'perplexity'],
    ['https://gemini.google.com/app', '', 'gemini'],
    ['https://copilot.microsoft.com/', '', 'copilot'],
    ['https://claude.ai/chat/1', '', 'claude'],
    [null, 'utm_source=chatgpt.com&utm_medium=referral', 'chatgpt'],
    [null, 'a=1&utm_source=Perplexity', 'perplexity'],
  ])('%s %s is %s', (referer, query, engine) => {
    expect(referralEngine(referer, query)).toBe(engine);
  });

  it('is null for other referers and sources', () => {
    expect(referralEngine('https://www.google.com/', '')).toBeNull();
    expect(referralEngine('https://notchatgpt.com/', '')).toBeNull();
    expect(referralEngine(null, 'utm_source=newsletter')).toBeNull();
    expect(referralEngine('-', '')).toBeNull();
  });
});
