/**
 * The UI's icons: small line drawings on a 24-unit grid, drawn here as SVG paths (no icon font, nothing fetched),
 * coloured by the text around them. Each is decorative: the text beside it carries the meaning.
 */
import { s } from './dom.ts';

const PATHS = {
  logo: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0M8 12.5l2.5 2.5L16 9.5',
  overview: 'M4 13h5v7H4zM10 4h5v16h-5zM16 9h4v11h-4z',
  actions: 'M5 6h2M5 12h2M5 18h2M10 6h9M10 12h9M10 18h9',
  prompts: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  sources: 'M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1',
  queries: 'M10 4a6 6 0 1 0 0 12a6 6 0 1 0 0-12M14.5 14.5L20 20',
  traffic: 'M3 12h4l3-7l4 14l3-7h4',
  site: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  surfaces: 'M3 5h8v10H3zM13 9h8v10h-8zM7 15v3h6',
  answers: 'M5 4h10l4 4v12H5zM14 4v5h5M8 13h8M8 16h6',
  alerts: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
  setup: 'M4 7h10M18 7h2M4 17h2M10 17h10M14 5v4M6 15v4',
  runs: 'M7 4l12 8l-12 8z',
  engines: 'M7 7h10v10H7zM10 10h4v4h-4zM10 3v4M14 3v4M10 17v4M14 17v4M3 10h4M3 14h4M17 10h4M17 14h4',
  webhooks: 'M9 8a3 3 0 1 1 5 2l-3 5M6 19a3 3 0 1 1 2-5M18 19a3 3 0 1 1-1-6l-7 0',
  exports: 'M12 4v11M7 10l5 5l5-5M5 19h14',
  reports: 'M6 3h12v18H6zM9 16v-3M12 16v-6M15 16v-4',
  menu: 'M4 7h16M4 12h16M4 17h16',
  projects: 'M3 7h6l2 2h10v10H3z',
  settings:
    'M12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6M12 3v3M12 18v3M3 12h3M18 12h3M5.6 5.6l2.1 2.1M16.3 16.3l2.1 2.1M5.6 18.4l2.1-2.1M16.3 7.7l2.1-2.1',
  up: 'M12 19V5M6 11l6-6l6 6',
  down: 'M12 5v14M6 13l6 6l6-6',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  cross: 'M6 6l12 12M18 6L6 18',
  clock: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 7v5l3 2',
} as const;

export type IconName = keyof typeof PATHS;

export function icon(name: IconName, className = ''): SVGSVGElement {
  return s(
    'svg',
    {
      class: `icon ${className}`.trim(),
      viewBox: '0 0 24 24',
      width: '18',
      height: '18',
      'aria-hidden': 'true',
      focusable: 'false',
    },
    s('path', { d: PATHS[name] }),
  );
}
