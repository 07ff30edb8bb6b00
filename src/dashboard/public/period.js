// Periods as the API takes them: inclusive local days, YYYY-MM-DD, at most 366 days.
export const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

export function isoDay(date) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last `days` days ending today (the browser's today). */
export function lastDays(days, today = new Date()) {
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const start = new Date(end.getFullYear(), end.getMonth(), end.getDate() - (days - 1));
  return { startDate: isoDay(start), endDate: isoDay(end) };
}

/** A custom period, or the reason it cannot be asked for. */
export function customPeriod(from, to) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return { error: 'Choose both a start and an end day.' };
  if (from > to) return { error: 'The start day must not be after the end day.' };
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  if (days > MAX_DAYS) return { error: `A period is at most ${MAX_DAYS} days (this one has ${days}).` };
  return { startDate: from, endDate: to };
}
