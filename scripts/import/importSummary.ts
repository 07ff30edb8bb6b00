// What `npm run import` prints: the progress line, one line per notice, and the summary.
import { progressBar } from '../../src/runtime/progressBar';
import type { ImportProgress } from '../../src/services/import/bulkImport';
import type { ImportNotice, ImportTally } from '../../src/services/import/importTally';

const count = (n: number) => n.toLocaleString('en-US');
const perSecond = (rows: number, ms: number) => (ms > 0 ? count(Math.round(rows / (ms / 1000))) : '-');

export function progressText(progress: ImportProgress): string {
  const { tally } = progress;
  const rows = tally.rows - progress.resumedAfter;
  return `${progressBar(progress.fractionRead)} ${count(tally.rows)} rows: ${count(tally.created)} created, ${count(tally.updated)} updated, ` +
    `${count(tally.unchanged)} unchanged, ${count(tally.refused + tally.duplicates)} refused, ${perSecond(rows, progress.elapsedMs)} rows/s`;
}

/** `line 4: refused: names.primary is required (the place's name)` (Parquet files say "row"). */
export function noticeText(notice: ImportNotice, position: 'line' | 'row'): string {
  const what = notice.kind === 'dropped' ? `imported without ${notice.field}` : notice.kind;
  const field = notice.kind !== 'dropped' && notice.field ? `${notice.field} ` : '';
  const id = notice.sourceId !== undefined ? ` [${notice.sourceId}]` : '';
  return `${position} ${notice.line}${id}: ${what}: ${field}${notice.issue}`;
}

function categoriesLine(tally: ImportTally): string {
  const written = tally.created + tally.updated;
  const unmapped = Object.entries(tally.unmappedCategories).sort((a, b) => b[1] - a[1]);
  const missing = unmapped.reduce((sum, [, n]) => sum + n, 0);
  const mapped = Math.max(0, written - missing);
  const named = unmapped.slice(0, 8).map(([label, n]) => `"${label}" (${count(n)})`).join(', ');
  return `categories: ${count(mapped)} of ${count(written)} written businesses have a taxonomy kind` + (unmapped.length > 0 ? `; no kind for ${named}${unmapped.length > 8 ? ', ...' : ''}` : '');
}

export function summaryLines(result: ImportProgress, shown: number, noticed: number, report?: string): string[] {
  const { tally } = result;
  const rows = tally.rows - result.resumedAfter;
  const lines = [
    `imported ${count(tally.rows)} rows${result.resumedAfter > 0 ? ` (${count(rows)} in this run, resumed after row ${count(result.resumedAfter)})` : ''} in ` +
      `${(result.elapsedMs / 1000).toFixed(1)} s, ${perSecond(rows, result.elapsedMs)} rows/s (store ${(result.storeMs / 1000).toFixed(1)} s)`,
    `  ${count(tally.created)} created, ${count(tally.updated)} updated, ${count(tally.unchanged)} unchanged; ${count(tally.leftOut)} left out (closed or below the confidence asked for), ${count(tally.removed)} of them removed`,
    `  ${count(tally.refused)} refused, ${count(tally.duplicates)} duplicates, ${count(tally.kept)} kept as their owner left them; ${count(tally.droppedFields)} invalid fields left out`,
    ...(tally.created + tally.updated > 0 ? [`  ${categoriesLine(tally)}`] : []),
  ];
  if (noticed > shown) lines.push(`  ${count(noticed - shown)} more notices not shown${report ? `; every notice is in ${report}` : ' (--show N prints more, --report FILE writes them all)'}`);
  return lines;
}
