import { describe, expect, it } from 'vitest';
import { THIRD_PARTY_SOURCES } from '../../server/domain/demo-sources.ts';
import { pageKindOf, type PageKindName } from '../../server/domain/source-types/page-kinds.ts';

/** Real-looking cited pages, as engines cite them, with the title the answer gave (or none). */
const CASES: [PageKindName, string, string | null][] = [
  [
    'listicle',
    'https://zapier.com/blog/best-project-management-software/',
    'The best project management software',
  ],
  [
    'listicle',
    'https://www.pcmag.com/picks/the-best-project-management-software',
    'The Best Project Management Software',
  ],
  ['listicle', 'https://www.techradar.com/best/best-project-management-software', null],
  [
    'listicle',
    'https://www.forbes.com/advisor/business/software/best-project-management-software/',
    'Forbes Advisor',
  ],
  ['listicle', 'https://blog.hubspot.com/marketing/top-10-crm-tools', null],
  ['listicle', 'https://www.example-agency.com/insights/12-best-crm-for-startups', null],
  ['listicle', 'https://www.tomsguide.com/us/best-vpn,review-2566.html', null],
  ['listicle', 'https://www.nerdwallet.com/article/credit-cards/top-travel-credit-cards', null],
  ['listicle', 'https://example.com/post/1234', 'Top 7 Kanban Apps for Small Teams'],
  ['listicle', 'https://example.com/post/5678', '15 Best Note-Taking Apps in 2026'],
  ['comparison', 'https://www.g2.com/compare/trellis-boards-vs-tasklane', 'Trellis Boards vs Tasklane | G2'],
  ['comparison', 'https://www.notion.so/compare-against/notion-vs-confluence', null],
  ['comparison', 'https://www.capterra.com/alternatives/123/asana', 'Top Asana Alternatives 2026'],
  ['comparison', 'https://alternativeto.net/software/trello/', 'Trello Alternatives'],
  ['comparison', 'https://www.zoho.com/crm/compare/salesforce-alternative.html', null],
  ['comparison', 'https://example.com/blog/jira-versus-linear', null],
  ['comparison', 'https://example.com/articles/4711', 'Asana vs. Monday.com: Which Is Better?'],
  ['comparison', 'https://www.trustradius.com/compare-products/asana-vs-trello', null],
  ['review', 'https://www.pcmag.com/reviews/asana', 'Asana Review | PCMag'],
  ['review', 'https://www.techradar.com/reviews/monday-com', null],
  [
    'review',
    'https://www.g2.com/products/notion/reviews',
    'Notion Reviews 2026: Details, Pricing, & Features | G2',
  ],
  ['review', 'https://www.trustpilot.com/review/www.northwindtasks.com', null],
  ['review', 'https://www.cnet.com/tech/computing/macbook-air-m4-review/', null],
  ['review', 'https://example.com/p/281', 'Hands on with the new Pixel: rated'],
  ['guide', 'https://www.wikihow.com/Make-a-Gantt-Chart', 'How to Make a Gantt Chart'],
  ['guide', 'https://asana.com/resources/how-to-write-a-project-plan', null],
  ['guide', 'https://www.atlassian.com/agile/tutorials/how-to-do-scrum-with-jira', null],
  ['guide', 'https://www.freecodecamp.org/news/how-to-use-git-and-github/', null],
  ['guide', 'https://example.com/guides/remote-planning', null],
  ['guide', 'https://www.coursera.org/articles/what-is-agile', null],
  ['guide', 'https://example.com/docs/getting-started-with-boards', null],
  [
    'guide',
    'https://thedigitalproject.co/blog/remote-planning-rituals',
    'Remote planning rituals: a step by step guide',
  ],
  ['docs', 'https://docs.github.com/en/issues/planning-and-tracking-with-projects', null],
  ['docs', 'https://help.northwindtasks.com/en/articles/boards', null],
  ['docs', 'https://support.atlassian.com/jira-software-cloud/docs/what-is-a-kanban-board/', null],
  ['docs', 'https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/ETag', null],
  ['docs', 'https://learn.microsoft.com/en-us/azure/devops/boards/', null],
  ['docs', 'https://stripe.com/docs/api/charges', null],
  ['docs', 'https://acme.zendesk.com/hc/en-us/articles/360001234', null],
  ['pricing', 'https://acme.com/pricing', null],
  ['pricing', 'https://www.atlassian.com/software/jira/pricing', 'Jira Pricing'],
  ['pricing', 'https://www.northwindtasks.com/plans', null],
  ['pricing', 'https://slack.com/intl/en-gb/pricing/pro', null],
  ['pricing', 'https://example.com/page/42', 'Plans & Pricing | Kanbanly'],
  ['product', 'https://www.northwindtasks.com/features/timeline', null],
  ['product', 'https://www.amazon.com/Logitech-MX-Master-3S/dp/B09HM94VDS', null],
  ['product', 'https://www.atlassian.com/software/jira', 'Jira | Issue & Project Tracking Software'],
  ['product', 'https://www.salesforce.com/products/sales-cloud/overview/', null],
  ['product', 'https://zapier.com/apps/trello/integrations', null],
  ['news', 'https://www.nytimes.com/2026/06/01/technology/ai-search.html', null],
  ['news', 'https://www.reuters.com/technology/openai-launches-search-2026-06-02/', 'OpenAI launches search'],
  ['news', 'https://www.theverge.com/news/712345/notion-mail-launch', null],
  ['news', 'https://techcrunch.com/2026/05/14/kanbanly-raises-series-b/', null],
  ['news', 'https://www.acme.com/newsroom/acme-acquires-globex', null],
  ['news', 'https://example.com/item/88', 'Northwind raises $40M to take on Asana'],
  ['discussion', 'https://www.reddit.com/r/projectmanagement/comments/1b2c3d/which_tool_do_you_use/', null],
  [
    'discussion',
    'https://news.ycombinator.com/item?id=38912345',
    'Ask HN: What do you use for project management?',
  ],
  ['discussion', 'https://www.quora.com/What-is-the-best-free-project-management-tool', null],
  [
    'discussion',
    'https://stackoverflow.com/questions/11227809/why-is-processing-a-sorted-array-faster',
    null,
  ],
  ['discussion', 'https://community.spiceworks.com/t/ticketing-for-a-small-it-team/912345', null],
  ['discussion', 'https://forum.obsidian.md/t/best-way-to-track-tasks/5678', null],
  ['discussion', 'https://discourse.example.org/t/plans-for-2026/12', null],
  ['discussion', 'https://example.com/x/9', 'Which CRM do you use? : r/smallbusiness'],
  ['video', 'https://www.youtube.com/watch?v=pm-tools-2025', 'Top 7 project management tools'],
  ['video', 'https://youtu.be/dQw4w9WgXcQ', null],
  ['video', 'https://vimeo.com/123456789', null],
  ['video', 'https://www.tiktok.com/@pmtips/video/7234567890', null],
  ['video', 'https://www.acme.com/webinars/planning-2026', null],
  ['other', 'https://en.wikipedia.org/wiki/Kanban_board', 'Kanban board - Wikipedia'],
  ['other', 'https://www.g2.com/categories/project-management', null],
  ['other', 'https://www.northwindtasks.com/', 'Northwind Tasks'],
  ['other', 'https://medium.com/@opsnotes/we-tried-six-task-trackers-3f2a', null],
  ['other', 'https://www.linkedin.com/company/northwind-tasks', null],
  ['other', 'not a url', null],
];

describe('page kinds', () => {
  it.each(CASES)('%s: %s', (kind, url, title) => {
    expect(pageKindOf(url, title)).toBe(kind);
  });

  it('uses the title only when the path says nothing first, and reads an empty title as none', () => {
    expect(pageKindOf('https://www.pcmag.com/reviews/asana', 'How to use Asana')).toBe('review');
    expect(pageKindOf('https://example.com/a/1', '')).toBe('other');
    expect(pageKindOf('https://example.com/a/%E0%A4%A', null)).toBe('other');
  });

  it("gives the demo's cited pages a kind from the table", () => {
    const kinds = new Set(THIRD_PARTY_SOURCES.map((s) => pageKindOf(s.url, s.title)));
    for (const kind of ['listicle', 'comparison', 'discussion', 'video'] as const)
      expect(kinds).toContain(kind);
  });
});
