/**
 * The pages the demo's answers cite besides the brand's and its rivals' own: a long tail where a few review and
 * forum pages are cited often and most rarely, a few new this week, a few no longer cited, and gap pages that
 * answers list beside rivals but never beside the brand. Every page here is invented; the domains are real sites
 * of the kinds answer engines cite.
 */

export interface DemoSource {
  url: string;
  title: string | null;
  /** How often it is picked, relative to the others: the head of the tail is two orders above its end. */
  weight: number;
  /** Cited only in the last `newDays` days of the period: a page that appeared this week. */
  newDays?: number;
  /** No longer cited in the last `goneDays` days of the period: a page that went away. */
  goneDays?: number;
  /** Listed only in answers that do not name the brand (a gap: the brand is missing where its rivals are). */
  gap?: true;
}

export const THIRD_PARTY_SOURCES: DemoSource[] = [
  {
    url: 'https://www.g2.com/categories/project-management',
    title: 'Best Project Management Software | G2',
    weight: 30,
  },
  {
    url: 'https://www.reddit.com/r/projectmanagement/comments/1b2c3d/which_tool_do_you_use/',
    title: 'Which tool do you use? : r/projectmanagement',
    weight: 22,
  },
  {
    url: 'https://www.capterra.com/project-management-software/',
    title: 'Project Management Software - Capterra',
    weight: 18,
  },
  {
    url: 'https://zapier.com/blog/best-project-management-software/',
    title: 'The best project management software',
    weight: 12,
  },
  {
    url: 'https://www.pcmag.com/picks/the-best-project-management-software',
    title: 'The Best Project Management Software',
    weight: 8,
  },
  {
    url: 'https://www.reddit.com/r/startups/comments/1f9k2m/kanban_tools_for_a_5_person_team/',
    title: 'Kanban tools for a 5 person team? : r/startups',
    weight: 6,
  },
  {
    url: 'https://www.g2.com/compare/trellis-boards-vs-tasklane',
    title: 'Trellis Boards vs Tasklane | G2',
    weight: 5,
  },
  {
    url: 'https://www.techradar.com/best/best-project-management-software',
    title: 'Best project management software of the year',
    weight: 4,
  },
  {
    url: 'https://www.forbes.com/advisor/business/software/best-project-management-software/',
    title: 'Forbes Advisor',
    weight: 3,
  },
  {
    url: 'https://news.ycombinator.com/item?id=38912345',
    title: 'Ask HN: What do you use for project management?',
    weight: 2.5,
  },
  {
    url: 'https://www.youtube.com/watch?v=pm-tools-2025',
    title: 'Top 7 project management tools',
    weight: 2,
  },
  {
    url: 'https://www.producthunt.com/topics/project-management',
    title: 'Project management | Product Hunt',
    weight: 1.5,
  },
  { url: 'https://en.wikipedia.org/wiki/Kanban_board', title: 'Kanban board - Wikipedia', weight: 1.2 },
  { url: 'https://www.quora.com/What-is-the-best-free-project-management-tool', title: null, weight: 1 },
  {
    url: 'https://thedigitalproject.co/blog/remote-planning-rituals',
    title: 'Remote planning rituals that stick',
    weight: 0.8,
  },
  {
    url: 'https://medium.com/@opsnotes/we-tried-six-task-trackers',
    title: 'We tried six task trackers',
    weight: 0.6,
  },
  { url: 'https://www.softwaresuggest.com/project-management-software', title: null, weight: 0.5 },
  {
    url: 'https://www.nerdwallet.com/article/small-business/project-management-software',
    title: null,
    weight: 0.4,
  },
  { url: 'https://stackoverflow.blog/2024/02/tracking-work-in-small-teams/', title: null, weight: 0.3 },
  {
    url: 'https://www.trustpilot.com/review/northwindtasks.com',
    title: 'Northwind Tasks Reviews | Trustpilot',
    weight: 0.3,
  },
  // New this week: a fresh comparison and a thread people link to.
  {
    url: 'https://www.theverge.com/2025/project-management-ai-features',
    title: 'Project tools race to add AI planning',
    weight: 10,
    newDays: 7,
  },
  {
    url: 'https://www.reddit.com/r/SaaS/comments/1h0x7q/switched_from_trellis_boards/',
    title: 'Switched from Trellis Boards, here is what we learned',
    weight: 5,
    newDays: 5,
  },
  // No longer cited: a round-up taken down and a forum that moved.
  {
    url: 'https://www.getapp.com/project-management-planning-software/',
    title: 'Project Management Software | GetApp',
    weight: 10,
    goneDays: 12,
  },
  { url: 'https://community.spiceworks.com/t/pm-tools-roundup/91234', title: null, weight: 2, goneDays: 9 },
  // Gaps: comparison pages that list the rivals and leave the brand out.
  {
    url: 'https://www.softwareadvice.com/project-management/trellis-boards-vs-tasklane/',
    title: 'Trellis Boards vs Tasklane | Software Advice',
    weight: 9,
    gap: true,
  },
  {
    url: 'https://www.trustradius.com/project-management',
    title: 'Best Project Management Software | TrustRadius',
    weight: 6,
    gap: true,
  },
  {
    url: 'https://www.pmi.org/learning/library/agile-tools-survey',
    title: 'Agile tools survey | PMI',
    weight: 3,
    gap: true,
  },
];
