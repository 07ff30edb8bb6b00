// Amounts as people read them: "$13.50", "€8", "$30". Whole amounts drop the cents.

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, whole: boolean): Intl.NumberFormat | undefined {
  const key = `${currency}:${whole}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
    } catch {
      return undefined; // not a currency code Intl accepts
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `amount` in `currency` (an ISO 4217 code); without a usable code, the number with its cents. */
export function formatMoney(amount: number, currency: string | undefined): string {
  const cents = Math.round(amount * 100) / 100;
  const whole = Number.isInteger(cents);
  const formatter = currency ? formatterFor(currency.toUpperCase(), whole) : undefined;
  if (formatter) return formatter.format(cents);
  return whole ? String(cents) : cents.toFixed(2);
}
