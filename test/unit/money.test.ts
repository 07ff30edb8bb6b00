import { decimalPlaces, formatMoney, minorUnitDigits, minorUnitIssue } from '../../src/domain/money';

it('formats amounts in their currency, without cents for whole amounts', () => {
  expect(formatMoney(13.5, 'USD')).toBe('$13.50');
  expect(formatMoney(30, 'USD')).toBe('$30');
  expect(formatMoney(1500, 'usd')).toBe('$1,500');
  expect(formatMoney(8.999, 'EUR')).toBe('€9');
  expect(formatMoney(4.5, 'GBP')).toBe('£4.50');
});

it('shows the bare amount without a currency, or with a code Intl does not accept', () => {
  expect(formatMoney(13.5, undefined)).toBe('13.50');
  expect(formatMoney(13, undefined)).toBe('13');
  expect(formatMoney(13.5, 'not-a-code')).toBe('13.50');
});

describe('minor units (ISO 4217)', () => {
  it('knows zero- and three-decimal currencies and defaults to two', () => {
    expect([minorUnitDigits('JPY'), minorUnitDigits('KRW'), minorUnitDigits('USD'), minorUnitDigits('EUR')]).toEqual([0, 0, 2, 2]);
    expect([minorUnitDigits('BHD'), minorUnitDigits('KWD'), minorUnitDigits('jpy')]).toEqual([3, 3, 0]);
  });
  it('counts the decimals a JSON number was written with', () => {
    expect([decimalPlaces(10), decimalPlaces(10.5), decimalPlaces(1.234), decimalPlaces(0.29), decimalPlaces(1e-7), decimalPlaces(1.5e-7)]).toEqual([0, 1, 3, 2, 7, 8]);
    expect(decimalPlaces(1e21)).toBe(0);
  });
  it('refuses amounts finer than the minor unit and accepts the rest', () => {
    expect(minorUnitIssue(10.5, 'JPY')).toMatch(/whole number in JPY/);
    expect(minorUnitIssue(1.234, 'USD')).toMatch(/at most 2 decimal places in USD/);
    expect(minorUnitIssue(1.2345, 'KWD')).toMatch(/at most 3 decimal places/);
    for (const [amount, currency] of [[1500, 'JPY'], [12.5, 'USD'], [0.29, 'EUR'], [1.234, 'BHD'], [999999999.99, 'USD']] as const) {
      expect(minorUnitIssue(amount, currency)).toBeUndefined();
    }
  });
});
