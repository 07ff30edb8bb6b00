// Phone numbers to E.164 (`+<country code><number>`, at most 15 digits). Used both to store a
// canonical contact.phone and to build the `ph:` duplicate key, so two spellings of one number
// ("(512) 555-0100", "+1 512.555.0100") must normalise identically.
// This is a plausibility check, not a numbering-plan database: it checks the North American
// plan (+1) closely because that is where most profiles are, and only the E.164 length elsewhere.

/** Country calling codes for the default-country rule; trunk prefix `0` is dropped for these. */
const CALLING_CODES: Partial<Record<string, string>> = {
  US: '1', CA: '1', GB: '44', IE: '353', DE: '49', FR: '33', ES: '34', IT: '39', NL: '31',
  BE: '32', AT: '43', CH: '41', SE: '46', NO: '47', DK: '45', FI: '358', PL: '48', PT: '351',
  AU: '61', NZ: '64', MX: '52', BR: '55', AR: '54', IN: '91', JP: '81', ZA: '27', SG: '65',
  SM: '378', VA: '39',
};

/** Italy, San Marino and the Vatican have no trunk prefix: a leading 0 is part of the number. */
const KEEPS_LEADING_ZERO = new Set(['39', '378']);

// "+44 (0)20 ...": the bracketed 0 is the trunk prefix dialled at home, written after the country code.
const BRACKETED_TRUNK_ZERO = /^(\+|00)(\d{1,3})\(0\)/;

const ALLOWED_PUNCTUATION = /[\s().\-/\u00a0]/g;
const MIN_DIGITS = 7;
const MAX_DIGITS = 15;

/** NANP: area code and exchange both start with 2-9. */
function isPlausibleNanp(national: string): boolean {
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national);
}

function fromInternational(digits: string): string | null {
  if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS || digits.startsWith('0')) return null;
  if (digits.startsWith('1')) return digits.length === 11 && isPlausibleNanp(digits.slice(1)) ? `+${digits}` : null;
  return `+${digits}`;
}

/**
 * Returns the E.164 form of `raw`, or null when it is not a plausible phone number.
 * Accepts spaces, dots, dashes, slashes and parentheses; `+` or `00` introduce an international
 * number; anything else is read as a national number of `defaultCountry` (ISO 3166-1 alpha-2,
 * default US, where a 10-digit number or 1 + 10 digits is expected).
 */
export function normalizePhone(raw: string, defaultCountry = 'US'): string | null {
  if (typeof raw !== 'string') return null;
  const compact = raw
    .replace(/[\s\u00a0]/g, '')
    .replace(BRACKETED_TRUNK_ZERO, (_, prefix: string, code: string) => `${prefix}${code}${KEEPS_LEADING_ZERO.has(code) ? '0' : ''}`)
    .replace(ALLOWED_PUNCTUATION, '');
  const match = /^(\+)?(\d+)$/.exec(compact);
  if (!match) return null;
  const [, plus, digits] = match;
  if (plus) return fromInternational(digits);
  if (digits.startsWith('00')) return fromInternational(digits.slice(2));

  const code = CALLING_CODES[defaultCountry.toUpperCase()];
  if (code === '1') {
    if (digits.length === 10) return isPlausibleNanp(digits) ? `+1${digits}` : null;
    if (digits.length === 11 && digits.startsWith('1')) return fromInternational(digits);
    // 011 is the NANP international exit prefix.
    if (digits.startsWith('011')) return fromInternational(digits.slice(3));
    return null;
  }
  if (code) {
    const keepsZero = KEEPS_LEADING_ZERO.has(code);
    const national = digits.startsWith('0') && !keepsZero ? digits.slice(1) : digits;
    if (national.length < MIN_DIGITS - code.length || (national.startsWith('0') && !keepsZero)) return null;
    return fromInternational(code + national);
  }
  // Unknown default country: only a number that already carries its country code can be read.
  return null;
}

/** Whether national numbers (without +country code) of `country` can be read. */
export function readsNationalNumbers(country = 'US'): boolean {
  return CALLING_CODES[country.toUpperCase()] !== undefined;
}

/** Why normalizePhone refused `raw`, phrased as a validation issue a caller can act on. */
export function phoneIssue(raw: string, defaultCountry = 'US'): string {
  const international = /^\s*(\+|00)/.test(raw);
  if (!international && !readsNationalNumbers(defaultCountry)) {
    return `must start with + and the country calling code: numbers without one are not read for country ${defaultCountry.toUpperCase()}`;
  }
  return 'must be a valid phone number (national for the address country, or + and the country calling code)';
}
