// Revenue beside counts: the values conversions carried (a paid booking's amount, or a value a
// partner reported), summed per ISO 4217 currency; amounts in different currencies are never added.
import { rounded } from './rounding';

/** An amount in major units of one currency. */
export interface Revenue {
  currency: string;
  amount: number;
}

/** Running totals per currency. */
export type RevenueTotals = Map<string, number>;

export function addRevenue(totals: RevenueTotals, currency: string, amount: number): void {
  totals.set(currency, (totals.get(currency) ?? 0) + amount);
}

/** The totals as an answer lists them: by currency, 2 decimals, currencies with nothing left out. */
export function revenueList(totals: RevenueTotals): Revenue[] {
  return [...totals]
    .map(([currency, amount]) => ({ currency, amount: rounded(amount, 2) }))
    .filter((entry) => entry.amount > 0)
    .sort((a, b) => a.currency.localeCompare(b.currency));
}
