// benchmarks' `location` as typed: "Austin, TX" (city and state), "Texas" / "TX" (a US state;
// its code wins over the same country code, as "ME" reads Maine), "US" (a country code), else
// a city. Turned into the search index's own keyword filters, so peers are found like listings.
import { usState } from '../../domain/search/usStates';
import { COUNTRY_CODES } from '../../domain/countries';

export interface PlaceFilter {
  city?: string;
  state?: string;
  country?: string;
}

export function peerLocation(location: string): PlaceFilter {
  const typed = location.trim();
  const comma = typed.lastIndexOf(',');
  if (comma > 0) {
    const city = typed.slice(0, comma).trim();
    const region = typed.slice(comma + 1).trim();
    if (city && region) {
      if (usState(region)) return { city, state: region };
      if ((COUNTRY_CODES as readonly string[]).includes(region.toUpperCase())) return { city, country: region.toUpperCase() };
      return { city, state: region };
    }
  }
  if (usState(typed)) return { state: typed };
  if (typed.length === 2 && (COUNTRY_CODES as readonly string[]).includes(typed.toUpperCase())) return { country: typed.toUpperCase() };
  return { city: typed };
}
