// Numbers as people read them; tables also keep the API's exact value in data-value.
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const ordinalRules = new Intl.PluralRules('en-US', { type: 'ordinal' });
const ORDINAL_SUFFIX = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

export const formatCount = (value) => integer.format(value);
export const formatDecimal = (value) => (value === null || value === undefined ? '–' : decimal.format(value));
/** A 0-1 rate as a percentage with one decimal. */
export const formatRate = (value) => `${(value * 100).toFixed(1)} %`;
/** A 0-1 rate as a number of percent, for a chart's values (its axis says "%"). */
export const percent = (value) => Math.round(value * 1000) / 10;
/** 1st, 2nd, 3rd, 70th. */
export const ordinal = (n) => `${n}${ORDINAL_SUFFIX[ordinalRules.select(n)]}`;
export function formatDuration(seconds) {
  if (seconds < 60) return `${decimal.format(seconds)} s`;
  if (seconds < 3600) return `${decimal.format(seconds / 60)} min`;
  return `${decimal.format(seconds / 3600)} h`;
}

/** An amount in major units of an ISO 4217 currency: €10.00, $45.00. */
export const formatMoney = (amount, currency) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
/** Revenue per currency (the analytics answers' lists): "€10.00 + $45.00", or a dash for none. */
export const formatRevenue = (revenue) => (revenue.length === 0 ? '–' : revenue.map((entry) => formatMoney(entry.amount, entry.currency)).join(' + '));

/** An API word (website_visit) as a person writes it; platforms have their own names (platforms.js). */
export const humanise = (name) => name.replace(/_/g, ' ');
