/**
 * Links inside an answer's text. A brand inside `https://acme.com/x`, `www.acme.com` or an e-mail address
 * is an address, not a mention, and the dots in an address must not end sentences. A bare host such as
 * "Booking.com" is left alone: answers use it as the name itself.
 */

/** Everything up to whitespace or a closing delimiter, minus trailing sentence punctuation. */
const ADDRESS_TAIL = /[^\s<>"'`)\]]*[^\s<>"'`)\].,;:!?]/y;
const EMAIL_DOMAIN = /[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/uy;
const SCHEME_CHAR = /[a-z0-9+.-]/i;
const EMAIL_LOCAL_CHAR = /[\p{L}\p{N}._%+-]/u;
const WORD_BEFORE = /[\p{L}\p{N}_.-]/u;

function tailEnd(pattern: RegExp, text: string, from: number): number {
  pattern.lastIndex = from;
  return pattern.test(text) ? pattern.lastIndex : -1;
}

function backOver(text: string, at: number, chars: RegExp): number {
  let start = at;
  while (start > 0 && chars.test(text.charAt(start - 1))) start--;
  return start;
}

/** [start, end) spans of links; anchors are found with indexOf because a regex over the whole text is
 * several times slower here, and scoring runs thousands of answers a second. */
function linkSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (let at = text.indexOf('://'); at !== -1; at = text.indexOf('://', at + 3)) {
    const start = backOver(text, at, SCHEME_CHAR);
    const end = tailEnd(ADDRESS_TAIL, text, at + 3);
    if (start < at && /[a-z]/i.test(text.charAt(start)) && end !== -1) spans.push([start, end]);
  }
  for (let at = text.indexOf('www.'); at !== -1; at = text.indexOf('www.', at + 4)) {
    const end = tailEnd(ADDRESS_TAIL, text, at);
    if (!WORD_BEFORE.test(text.charAt(at - 1)) && end !== -1) spans.push([at, end]);
  }
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    const start = backOver(text, at, EMAIL_LOCAL_CHAR);
    const end = tailEnd(EMAIL_DOMAIN, text, at + 1);
    if (start < at && end !== -1) spans.push([start, end]);
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

/** The text with every link blanked out by spaces of the same length, so offsets stay valid. */
export function maskLinks(text: string): string {
  const spans = linkSpans(text);
  if (spans.length === 0) return text;
  let masked = '';
  let done = 0;
  for (const [start, end] of spans) {
    if (end <= done) continue;
    const from = Math.max(start, done);
    masked += text.slice(done, from) + ' '.repeat(end - from);
    done = end;
  }
  return masked + text.slice(done);
}
