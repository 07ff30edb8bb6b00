/** The instant a day before `iso` (ISO UTC): a booking lasts at most a day, so none that starts earlier reaches `iso`. */
export function dayBefore(iso: string): string {
  return new Date(Date.parse(iso) - 86_400_000).toISOString();
}
