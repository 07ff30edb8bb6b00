// Numbers as people read them; tables also keep the API's exact value in data-value.
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export const formatCount = (value) => integer.format(value);
export const formatDecimal = (value) => (value === null || value === undefined ? '–' : decimal.format(value));
/** A 0-1 rate as a percentage with one decimal. */
export const formatRate = (value) => `${(value * 100).toFixed(1)} %`;
export function formatDuration(seconds) {
  if (seconds < 60) return `${decimal.format(seconds)} s`;
  if (seconds < 3600) return `${decimal.format(seconds / 60)} min`;
  return `${decimal.format(seconds / 3600)} h`;
}
export const humanise = (name) => name.replace(/_/g, ' ');
