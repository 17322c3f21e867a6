/** Stylesheet of the reference page, inlined so the page loads nothing from anywhere. */
export const DOCS_CSS = `
:root { color-scheme: light dark; --fg: #1d2330; --muted: #5b6475; --bg: #ffffff; --panel: #f5f7fa; --line: #dde2ea;
  --accent: #2453c9; --get: #1f7a4d; --post: #2453c9; --put: #8a5a00; --patch: #7a3fb8; --delete: #b3261e; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6e9ef; --muted: #a3abba; --bg: #14171d; --panel: #1c2028; --line: #2e3440; --accent: #8fb0ff;
    --get: #5fd39a; --post: #8fb0ff; --put: #f0c060; --patch: #c9a2f5; --delete: #ff8a80; }
}
* { box-sizing: border-box; }
html { scroll-behavior: smooth; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg);
  background: var(--bg); display: grid; grid-template-columns: 19rem minmax(0, 1fr); }
nav { position: sticky; top: 0; height: 100vh; overflow-y: auto; padding: 1.25rem 1rem; border-right: 1px solid var(--line);
  background: var(--panel); font-size: 0.875rem; }
nav ul { list-style: none; margin: 0 0 0.75rem; padding: 0; }
nav li { margin: 0.15rem 0; }
nav .group { margin-top: 0.9rem; font-weight: 600; }
nav a { color: var(--fg); text-decoration: none; }
nav a:hover { color: var(--accent); }
nav .verb { display: inline-block; min-width: 3.4rem; font: 700 0.72rem/1 ui-monospace, monospace; color: var(--muted); }
nav li a { overflow-wrap: anywhere; }
main { padding: 2rem 3rem 6rem; max-width: 64rem; }
header h1 { margin: 0 0 0.25rem; font-size: 2rem; }
header p { margin: 0.25rem 0; color: var(--muted); }
h2 { margin-top: 3rem; padding-top: 1rem; border-top: 1px solid var(--line); font-size: 1.6rem; }
h3 { margin: 2rem 0 0.5rem; font-size: 1.2rem; }
h4 { margin: 1.25rem 0 0.4rem; font-size: 0.95rem; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); }
a { color: var(--accent); }
code { font: 0.88em/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--panel);
  padding: 0.08em 0.3em; border-radius: 4px; overflow-wrap: anywhere; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 0.9rem 1rem; overflow-x: auto; }
pre code { background: none; padding: 0; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; font-size: 0.9rem; }
th, td { text-align: left; vertical-align: top; padding: 0.4rem 0.6rem; border-bottom: 1px solid var(--line); }
th { color: var(--muted); font-weight: 600; }
tr:target, article:target, .schema:target { background: color-mix(in srgb, var(--accent) 12%, transparent); }
.operation, .schema { border: 1px solid var(--line); border-radius: 8px; padding: 0.25rem 1.25rem 1rem; margin: 1.5rem 0; }
.operation h3 { display: flex; gap: 0.6rem; align-items: baseline; flex-wrap: wrap; }
.method { font: 700 0.8rem/1 ui-monospace, monospace; padding: 0.3rem 0.45rem; border-radius: 4px; color: var(--bg); }
.method-get { background: var(--get); } .method-post { background: var(--post); } .method-put { background: var(--put); }
.method-patch { background: var(--patch); } .method-delete { background: var(--delete); }
.summary { font-size: 1.05rem; margin: 0.25rem 0; }
.meta, .note { color: var(--muted); font-size: 0.875rem; }
.rule { display: inline-block; color: var(--muted); font-size: 0.82rem; margin-right: 0.4rem; }
.status { font-weight: 700; font-family: ui-monospace, monospace; }
.response { border-left: 3px solid var(--line); padding-left: 0.9rem; margin: 0.8rem 0; }
.response p { margin: 0.3rem 0; }
@media (max-width: 60rem) {
  body { display: block; }
  nav { position: static; height: auto; border-right: 0; border-bottom: 1px solid var(--line); }
  main { padding: 1.5rem 1.1rem 4rem; }
}
`;
