import { renderReportPage } from '../../server/reports/page.ts';
import type { ReportBody } from '../../server/reports/part.ts';
import { renderPdf } from '../../server/reports/pdf.ts';
import { brandOf, buildReport } from '../../server/reports/report.ts';
import { inProcess } from './insight-render-bench.ts';

export interface ReportFigures {
  /** Each pass's milliseconds: JSON built from the reads, HTML rendered from it, the PDF printed from that. */
  json: number[];
  html: number[];
  pdf: number[];
}

const since = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

/**
 * A year's report of the bench's project, as a first request after a write pays for it: in process, with a read
 * cache that keeps nothing, so each pass builds the JSON from the summaries, renders the page, and prints the PDF
 * with a Chromium started for it (as the service does for each PDF).
 */
export async function measureReports(
  dbPath: string,
  projectId: string,
  range: { from: string; to: string },
  passes: number,
): Promise<ReportFigures> {
  const { store, s, caller } = await inProcess(dbPath, projectId);
  const out: ReportFigures = { json: [], html: [], pdf: [] };
  try {
    const brand = await brandOf(s, (await store.projects.get(projectId))!.accountId);
    for (let i = 0; i < passes; i++) {
      let t0 = process.hrtime.bigint();
      const report = JSON.parse((await buildReport(s, caller, projectId, range)).text) as ReportBody;
      out.json.push(since(t0));
      t0 = process.hrtime.bigint();
      const page = renderReportPage(report, brand);
      out.html.push(since(t0));
      t0 = process.hrtime.bigint();
      await renderPdf(page.html);
      out.pdf.push(since(t0));
    }
  } finally {
    await store.close();
  }
  return out;
}

/** The table, and whether the slowest PDF (JSON, page and print together) met the 10 s. */
export function printReports(answers: number, range: { from: string; to: string }, f: ReportFigures) {
  const worst = (ms: number[]) => Math.max(...ms);
  const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;
  console.log(
    `\nThe report of ${range.from} to ${range.to} (366 days, ${answers.toLocaleString()} answers; in process, nothing cached; ${f.json.length} passes):`,
  );
  console.log('| format | median ms | slowest ms |');
  console.log('|---|---|---|');
  const pdfTotal = f.json.map((j, i) => j + f.html[i]! + f.pdf[i]!);
  for (const [name, ms] of [
    ['JSON (built from the reads)', f.json],
    ['HTML (from the JSON)', f.html],
    ['PDF printing (Chromium started)', f.pdf],
    ['PDF in all (JSON + HTML + printing)', pdfTotal],
  ] as const)
    console.log(`| ${name} | ${median(ms).toFixed(0)} | ${worst(ms).toFixed(0)} |`);
  console.log(
    worst(pdfTotal) < 10_000
      ? 'The PDF of the year renders in under 10 s.'
      : `Missed: the PDF of the year took ${(worst(pdfTotal) / 1000).toFixed(1)} s (budget 10 s).`,
  );
}
