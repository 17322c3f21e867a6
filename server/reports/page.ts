import { createHash } from 'node:crypto';
import { html, trusted } from './html.ts';
import type { ReportBody } from './part.ts';
import { PARTS } from './parts/index.ts';
import { reportStyle } from './style.ts';

export interface PageBrand {
  logo: { type: string; base64: string } | null;
}

export interface RenderedPage {
  html: string;
  /** The strict policy the page is sent with: its one stylesheet by hash, images only inline, nothing else. */
  csp: string;
}

const verdict = (beyond: boolean | null) =>
  beyond === null ? 'nothing to compare' : beyond ? 'beyond the noise' : 'within the noise';

/**
 * The report as one self-contained HTML page: no script, no request anywhere (the logo is inline), every text from
 * the data escaped by the `html` tag. `pdfHref` adds a download link (the share page's).
 */
export function renderReportPage(report: ReportBody, brand: PageBrand, pdfHref?: string): RenderedPage {
  const style = reportStyle(report.brand.accent);
  // One string, so no formatting of the template can add a space the policy's hash does not cover.
  const styleElement = trusted(`<style>${style}</style>`);
  const keys = Object.keys(PARTS) as (keyof typeof PARTS)[];
  const sections = keys.map((k) => {
    const part = PARTS[k] as { title: string; render(data: unknown): ReturnType<typeof html> };
    const data = report.parts[k];
    return html`<section id="${k}">
      <h2>${part.title}<span class="verdict">${verdict(data.beyondNoise)}</span></h2>
      <p class="summary">${data.summary}</p>
      ${part.render(data)}
    </section>`;
  });
  const logo = brand.logo
    ? html`<img alt="${report.brand.name}" src="data:${brand.logo.type};base64,${brand.logo.base64}" />`
    : '';
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <meta name="robots" content="noindex" />
        <title>${report.projectName}: report ${report.from} to ${report.to} · ${report.brand.name}</title>
        ${styleElement}
      </head>
      <body>
        <main>
          <header class="report">
            ${logo}
            <div>
              <h1>${report.projectName}</h1>
              <p class="sub">
                ${report.brand.name} · report of ${report.from} to ${report.to}, compared with
                ${report.previous.from} to ${report.previous.to}
              </p>
            </div>
          </header>
          ${report.incompleteDays > 0 ? html`<p class="muted">${report.incompleteDays} days of this period are still being answered: their figures may change.</p>` : ''}
          ${pdfHref ? html`<p><a class="download" href="${pdfHref}">Download as PDF</a></p>` : ''} ${sections}
          <footer>
            Figures with a 95 % interval; a change is beyond the noise when each period's figure lies outside
            the other's interval. Generated ${report.generatedAt} (days are UTC; the default period is the
            last full week in ${report.timezone}).
          </footer>
        </main>
      </body>
    </html>`;
  const hash = createHash('sha256').update(style).digest('base64');
  return {
    html: page.toString(),
    csp: `default-src 'none'; style-src 'sha256-${hash}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  };
}
