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

// ISO 4217 minor units where they are not 2 (codes outside CURRENCY_CODES left out).
const MINOR_UNITS: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
};

/** Decimal places of `currency`'s minor unit (JPY 0, USD 2, KWD 3). */
export function minorUnitDigits(currency: string): number {
  return MINOR_UNITS[currency.toUpperCase()] ?? 2;
}

/** Decimal places of `amount` as written in JSON: 1.5 -> 1, 1.234 -> 3, 1e-7 -> 7. */
export function decimalPlaces(amount: number): number {
  // The shortest round-trip text of a double is the decimal the client sent, minus trailing zeros.
  const [mantissa, exponent] = String(amount).split('e') as (string | undefined)[];
  const fraction = mantissa!.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

/** Why `amount` cannot be an amount of `currency`, or undefined when it can. */
export function minorUnitIssue(amount: number, currency: string): string | undefined {
  const digits = minorUnitDigits(currency);
  if (decimalPlaces(amount) <= digits) return undefined;
  return digits === 0
    ? `must be a whole number in ${currency} (it has no minor unit)`
    : `must have at most ${digits} decimal places in ${currency}`;
}

/** A major-unit amount (12.5 EUR) as the integer of minor units payment providers count in (1250). */
export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * 10 ** minorUnitDigits(currency));
}

/** Minor units (1250 EUR cents) as the major-unit amount the API shows (12.5). */
export function fromMinorUnits(amount: number, currency: string): number {
  const digits = minorUnitDigits(currency);
  return Number((amount / 10 ** digits).toFixed(digits));
}
