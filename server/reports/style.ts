/**
 * The report page's look: the web UI's tokens (app/ui/src/styles.css: colours, type scale, radius, panels), light
 * only so print and PDF match the screen. The accent comes from the account's brand as a custom property.
 */
const widths = Array.from({ length: 21 }, (_, i) => `.fill.w${i * 5}{width:${i * 5}%}`).join('');

/** Only a plain hex colour reaches the stylesheet, whatever the store holds. */
const COLOUR = /^#[0-9a-f]{6}$/i;

export function reportStyle(accent: string | null): string {
  const colour = accent !== null && COLOUR.test(accent) ? accent : '#4338ca';
  return `:root{--bg:#f5f6fa;--panel:#fff;--text:#111827;--muted:#5b6474;--border:#e2e5ec;--accent:${colour};--accent-soft:#eef0ff;--ok:#15803d;--radius:12px;--radius-sm:8px;
font-family:Inter,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:14px;line-height:1.5;color:var(--text);background:var(--bg);font-variant-numeric:tabular-nums}
body{margin:0}main{max-width:1040px;margin:0 auto;padding:24px}
header.report{display:flex;align-items:center;gap:16px;border-bottom:4px solid var(--accent);padding-bottom:12px;margin-bottom:16px}
header.report img{max-height:48px;max-width:160px}header.report h1{font-size:1.625rem;margin:0}
.sub{color:var(--muted);margin:0}.muted{color:var(--muted);font-size:.8125rem}
section{background:var(--panel);border:1px solid var(--border);border-radius:var(--radius);padding:16px 20px;margin:0 0 16px;break-inside:avoid-page}
section h2{font-size:1.25rem;margin:0 0 4px;color:var(--accent)}h3{font-size:1rem;margin:16px 0 6px}
.summary{margin:0 0 12px}.verdict{display:inline-block;border-radius:999px;padding:0 8px;font-size:.75rem;background:var(--accent-soft);color:var(--accent);margin-left:8px;vertical-align:middle}
.tiles{display:grid;grid-template-columns:repeat(5,1fr);gap:8px}
.tile{border:1px solid var(--border);border-radius:var(--radius-sm);padding:10px}.tile.moved{border-color:var(--accent)}
.tile-label{color:var(--muted);font-size:.8125rem}.tile-value{font-size:1.625rem;font-weight:600}
.tile-range,.tile-basis{color:var(--muted);font-size:.75rem}.tile-range{white-space:nowrap}.tile-change{font-size:.8125rem}
table{border-collapse:collapse;width:100%;font-size:.8125rem}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid var(--border);vertical-align:top}
thead th{color:var(--muted);font-weight:600}td .muted{white-space:nowrap}td.moved{font-weight:600;color:var(--accent)}tr.own th{color:var(--accent)}
.bar{display:inline-block;width:80px;height:8px;background:var(--border);border-radius:4px;vertical-align:middle}
.fill{display:block;height:8px;background:var(--accent);border-radius:4px}${widths}
td.quoted{font-style:italic}footer{color:var(--muted);font-size:.75rem;margin-top:24px}
a{color:var(--accent)}
@media print{:root{background:#fff}main{padding:0}section{border-color:#ccc}a.download{display:none}}
@page{size:A4;margin:14mm}`;
}
