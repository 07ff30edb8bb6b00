import { formatMoney } from '../../src/domain/money';

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
