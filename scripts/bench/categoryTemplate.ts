// The shape of one kind of business the benchmark generator writes: names, words, services with
// prices, and its week.
export type PriceSpec =
  | readonly ['fixed', number, number]
  | readonly ['range', number, number]
  | readonly ['hourly', number, number];

export interface ServiceTemplate {
  name: string;
  description: string;
  price: PriceSpec;
  /** Minutes; omitted for things that are not appointments (a coffee). */
  duration?: number;
  bookable?: boolean;
  requiresQuote?: boolean;
}

/** Week shapes; the generator varies times and closed days around them. */
export type HoursPattern = 'restaurant' | 'bar' | 'cafe' | 'bakery' | 'retail' | 'office' | 'trade' | 'salon' | 'gym' | 'clinic';

export interface CategoryTemplate {
  category: string;
  /** Relative frequency among businesses. */
  weight: number;
  /** Name shapes; {kind} {adjective} {noun} {surname} {street} {neighborhood} {specialty} {city} are filled in. */
  namePatterns: string[];
  kinds: string[];
  /** Cuisines, specialisations: words consumers search for. */
  specialties: string[];
  /** Selling points mentioned in descriptions. */
  features: string[];
  descriptions: string[];
  taglines: string[];
  services: ServiceTemplate[];
  hours: HoursPattern;
  /** Share of businesses of this category open around the clock (emergency trades, some gyms). */
  allDayShare?: number;
}
