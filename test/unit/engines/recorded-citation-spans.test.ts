/**
 * Citations whose span covers the sentence they support rather than their link, on bodies constructed from the
 * recordings (recorded-harness.ts): the adapters must keep those sentences whole.
 */
import { describe, expect, it } from 'vitest';
import { createChatgpt } from '../../../engines/cloud/chatgpt.ts';
import { createClaude } from '../../../engines/cloud/claude.ts';
import { createGemini } from '../../../engines/cloud/gemini.ts';
import { createGrok } from '../../../engines/cloud/grok.ts';
import { createRedirectReader } from '../../../engines/cloud/redirects.ts';
import { recorded } from '../../fakes/engines/replay.ts';
import { ask, brand, MARKDOWN_LINK, replay, settings } from './recorded-harness.ts';

/*
 * The third shape of a url_citation: a span over the sentence (or paragraph) the source supports rather than over
 * its link. No recording of it was found (test/fixtures/vendors/README.md says where we looked), so these bodies are
 * constructed from the recorded ones: the recorded text and URLs, with only the spans (and, for xAI, its documented
 * inline `[[n]](url)` links) changed. Such a span once cut the whole sentence, and Grok's answer to nothing.
 */
describe('a span over the sentence, not the link (constructed from the recordings)', () => {
  type Part = { text: string; annotations: Record<string, unknown>[] };
  const partOf = (body: Record<string, unknown>) =>
    (body.output as { type: string; content: Part[] }[]).find((o) => o.type === 'message')!.content[0]!;
  /** Where the line holding `at` starts: gpt-5 writes one claim a line, its citation link at the end. */
  const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;

  it('chatgpt keeps the claim, drops its ([site](url)) link and keeps the source', async () => {
    const body = recorded('chatgpt', 'vercel-openai-web-search');
    const asRecorded = await ask([body], (url) => createChatgpt(settings(url)));
    await replay!.close();
    const part = partOf(body);
    for (const a of part.annotations) a.start_index = lineStart(part.text, a.start_index as number);
    expect(part.annotations[3]).toMatchObject({ url: 'https://vercel.com/blog/series-f' });
    expect(
      part.text.slice(part.annotations[3]!.start_index as number, part.annotations[3]!.end_index as number),
    ).toMatch(/^- Vercel-related funding .*\(\[vercel\.com\]\(https:\/\/vercel\.com\/blog\/series-f\)\)$/s);

    const answer = await ask([body], (url) => createChatgpt(settings(url)));
    expect(answer).toEqual(asRecorded);
    expect(answer.text).not.toMatch(MARKDOWN_LINK);
    expect(brand('Vercel', 'https://vercel.com')(answer)).toMatchObject({ mentioned: true, cited: true });
  });

  it('grok keeps every sentence whole when each [[n]](url) annotation spans its sentence', async () => {
    const body = recorded('grok', 'vercel-xai-web-search');
    const part = partOf(body);
    const recordedText = part.text;
    const urls = part.annotations.map((a) => a.url as string);
    // xAI's documented inline citations: `[[n]](url)` before the sentence's full stop, annotated with its number.
    const sentences = recordedText.match(/[^.!?]+[.!?]+\s*|[^.!?]+$/g)!;
    let text = '';
    part.annotations = [];
    sentences.forEach((sentence, i) => {
      const start = text.length;
      const url = urls[i % urls.length]!;
      const cut = sentence.trimEnd().length - 1;
      text += `${sentence.slice(0, cut)} [[${(i % urls.length) + 1}]](${url})${sentence.slice(cut)}`;
      const end = text.trimEnd().length;
      part.annotations.push({
        type: 'url_citation',
        url,
        title: String((i % urls.length) + 1),
        start_index: start,
        end_index: end,
      });
    });
    part.text = text;

    const answer = await ask([body], (url) => createGrok(settings(url)));
    expect(answer.text).toBe(recordedText.trim());
    expect(answer.sources.map((s) => s.url)).toEqual(urls);
    expect(brand('xAI', 'https://x.ai')(answer)).toMatchObject({ mentioned: true, cited: true });
  });

  it('grok keeps the text when one annotation spans the whole answer and the others no link at all', async () => {
    const body = recorded('grok', 'vercel-xai-web-search');
    const part = partOf(body);
    const recordedText = part.text;
    part.text = `${recordedText} [[1]](${part.annotations[0]!.url as string})`;
    part.annotations[0] = { ...part.annotations[0], start_index: 0, end_index: part.text.length };
    // A span over a paragraph with no link in it: nothing of it is a citation.
    const second = recordedText.indexOf('xAI has raised');
    part.annotations[1] = {
      ...part.annotations[1],
      start_index: second,
      end_index: recordedText.indexOf('\n\nIf you'),
    };

    const answer = await ask([body], (url) => createGrok(settings(url)));
    expect(answer.text).toBe(recordedText);
    expect(answer.sources).toHaveLength(5);
  });
});

describe('the other engines’ citations over sentences (recorded) leave the sentences whole', () => {
  it('gemini keeps every segment its groundingSupports cite', async () => {
    const body = recorded('gemini', 'pydantic-ai-web-search.1');
    const supports = (
      body.candidates as { groundingMetadata: { groundingSupports: { segment: { text: string } }[] } }[]
    )[0]!.groundingMetadata.groundingSupports;
    const redirects = createRedirectReader({
      enabled: false,
      timeoutMs: 1,
      baseUrl: '',
      allowPrivate: false,
    });
    const answer = await ask([body], (url) => createGemini(settings(url), redirects));
    expect(supports.length).toBeGreaterThan(0);
    for (const { segment } of supports) expect(answer.text).toContain(segment.text);
  });

  it('claude keeps every text block its citations point from', async () => {
    const body = recorded('claude', 'vercel-anthropic-web-search');
    const cited = (body.content as { type: string; text?: string; citations?: unknown[] }[]).filter(
      (b) => b.type === 'text' && (b.citations?.length ?? 0) > 0,
    );
    const answer = await ask([body], (url) => createClaude(settings(url)));
    expect(cited.length).toBeGreaterThan(0);
    for (const block of cited) expect(answer.text).toContain(block.text!.trim());
  });
});
