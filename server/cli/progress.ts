/** How much of the work is done, out of how much (rows, bytes), and what is being done. */
export interface RowProgress {
  done: number;
  total: number;
  label: string;
  /**
   * What to count and show with its rate when `done` measures something else: an import measures the bytes of
   * its file read (so the time left is known) but shows answers and answers a second. Counted from this run's
   * start. Without it, `done` is shown as rows.
   */
  items?: { count: number; unit: string };
}

const WIDTH = 30;
const number = (n: number) => Math.round(n).toLocaleString('en-US');
const duration = (seconds: number) => {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};

/** One line: the bar, the rows (or items), the rate since the start and the time left at that rate. */
export function progressLine(p: RowProgress, doneAtStart: number, elapsedMs: number): string {
  const share = p.total === 0 ? 1 : Math.min(1, p.done / p.total);
  const filled = Math.round(share * WIDTH);
  const perSecond = (n: number) => (elapsedMs > 0 ? (n * 1000) / elapsedMs : 0);
  const rate = perSecond(p.done - doneAtStart);
  const left = share === 1 ? 0 : rate > 0 ? (p.total - p.done) / rate : Number.POSITIVE_INFINITY;
  const counted = p.items
    ? `${number(p.items.count)} ${p.items.unit}  ${number(perSecond(p.items.count))} ${p.items.unit}/s`
    : `${number(p.done)}/${number(p.total)} rows  ${number(rate)} rows/s`;
  return (
    `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${String(Math.floor(share * 100)).padStart(3)}% ` +
    `${counted}  ${duration(left)} left${p.label ? `  ${p.label}` : ''}`
  );
}

/**
 * A progress bar on a terminal (redrawn in place a few times a second), or a line every few seconds when the
 * output is a file or a pipe, so logs stay readable.
 */
export function progressBar(stream: NodeJS.WriteStream = process.stderr) {
  const started = Date.now();
  let doneAtStart: number | null = null;
  let drawnAt = 0;
  let drawnDone = -1;
  let drawnCount = -1;
  let last = '';
  const tty = stream.isTTY === true;
  return {
    update(p: RowProgress) {
      doneAtStart ??= p.done;
      const now = Date.now();
      const count = p.items?.count ?? p.done;
      // The end is always drawn, and again if its count moves on (the last answers stored after the file was read).
      const finished = p.done >= p.total;
      if (p.done === drawnDone && count === drawnCount) return;
      if (now - drawnAt < (tty ? 200 : 5_000) && !finished) return;
      drawnAt = now;
      drawnDone = p.done;
      drawnCount = count;
      last = progressLine(p, doneAtStart, now - started);
      stream.write(tty ? `\r${last.padEnd(stream.columns ?? 0)}` : `${last}\n`);
    },
    end() {
      if (tty && last) stream.write('\n');
    },
  };
}
