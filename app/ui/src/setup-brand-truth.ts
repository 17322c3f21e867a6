/**
 * Setup › Brand: the Brand Truth suggestions the site crawl makes (issue 22): facts the brand's own website states,
 * offered to add to the Brand Truth one by one, as it is or edited, or to dismiss. The site's text is untrusted and
 * shown as text only (an edit field holds it as its value).
 */
import type { z } from 'zod';
import type {
  BrandTruthSuggestion as SuggestionSchema,
  BrandTruthSuggestionList as ListSchema,
} from '../../../server/contract/brand-truth-suggestions.ts';
import { api, seg } from './api.ts';
import { button, externalLink, field, h, input } from './dom.ts';
import { dateTime } from './format.ts';
import type { ProjectContext } from './page.ts';
import { writeControls } from './permissions.ts';
import { announce, errorNotice, onSubmit, section } from './widgets.ts';

type Suggestion = z.infer<typeof SuggestionSchema>;

const KIND_LABEL: Record<Suggestion['kind'], string> = {
  organization: 'Organization',
  product: 'Product',
  offer: 'Price',
  title: 'Page title',
  description: 'Page description',
  claim: 'Claim',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function suggestionItem(ctx: ProjectContext, s: Suggestion, onDone: () => void): HTMLLIElement {
  const status = h('div', { class: 'form-status' });
  const path = (verb: string) =>
    `/projects/${seg(ctx.projectId)}/brand-truth/suggestions/${seg(s.id)}/${verb}`;
  const decided = (message: string) => {
    item.remove();
    announce(message);
    onDone();
  };
  const act = (verb: 'accept' | 'dismiss', done: string) => async (ev: MouseEvent) => {
    const target = ev.currentTarget as HTMLButtonElement;
    target.disabled = true;
    status.replaceChildren();
    try {
      await api.post(path(verb));
      decided(done);
    } catch (err) {
      target.disabled = false;
      status.replaceChildren(errorNotice(err));
    }
  };
  // Edit: the statement in a field, added to the Brand Truth as the owner wrote it.
  const statement = input({ name: 'statement', required: true, maxlength: 500 });
  statement.value = s.text;
  const edit = h(
    'form',
    { class: 'stack', hidden: true },
    field('Statement', statement, 'One line, at most 500 characters.'),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Add to Brand Truth')),
  );
  onSubmit(edit, status, async () => {
    await api.post(path('accept'), { text: statement.value });
    decided('Added to the Brand Truth.');
  });
  const item = h(
    'li',
    { class: 'suggestion' },
    h('p', { class: 'suggestion-text' }, h('span', { class: 'badge' }, KIND_LABEL[s.kind]), ' ', s.text),
    h('p', { class: 'hint' }, 'Stated on ', externalLink(s.pageUrl)),
    h(
      'div',
      { class: 'actions' },
      ...writeControls(
        button('Accept', act('accept', 'Added to the Brand Truth.'), {
          class: 'primary',
          'aria-label': `Accept: ${s.text}`,
        }),
        button(
          'Edit',
          (ev) => {
            edit.hidden = false;
            (ev.currentTarget as HTMLButtonElement).setAttribute('aria-expanded', 'true');
            statement.focus();
          },
          { 'aria-label': `Edit: ${s.text}`, 'aria-expanded': 'false' },
        ),
        button('Dismiss', act('dismiss', 'Suggestion dismissed.'), { 'aria-label': `Dismiss: ${s.text}` }),
      ),
    ),
    ...writeControls(edit),
    status,
  );
  return item;
}

/** The panel: what the last completed crawl suggests and the owner has not decided on yet. */
export async function brandTruthSuggestionsPanel(ctx: ProjectContext): Promise<HTMLElement> {
  const body = await api.get<z.infer<typeof ListSchema>>(
    `/projects/${seg(ctx.projectId)}/brand-truth/suggestions`,
    undefined,
    ctx.signal,
  );
  const title = 'Brand Truth suggestions';
  if (body.crawlId === null) {
    return section(
      title,
      h(
        'p',
        { class: 'hint' },
        'After the first crawl of the website, what it states about the brand (its name, products, prices, page titles) is offered here to add to the Brand Truth, the statements answers are checked against.',
      ),
    );
  }
  const open = body.data.filter((s) => s.status === 'suggested');
  const held = body.data.filter((s) => s.status === 'in_brand_truth').length;
  const dismissed = body.data.filter((s) => s.status === 'dismissed').length;
  const list = h('ul', { class: 'suggestions' });
  const empty = h('p', { class: 'hint' }, 'Nothing left to decide.');
  const left = () => {
    if (list.children.length === 0) list.replaceWith(empty);
  };
  list.append(...open.map((s) => suggestionItem(ctx, s, left)));
  return section(
    title,
    h(
      'p',
      { class: 'hint' },
      `From the site crawl of ${dateTime(body.crawledAt)}: ${plural(held, 'fact is', 'facts are')} in the Brand Truth already, ${plural(dismissed, 'was', 'were')} dismissed. Nothing is added until accepted.`,
    ),
    open.length > 0 ? list : empty,
  );
}
