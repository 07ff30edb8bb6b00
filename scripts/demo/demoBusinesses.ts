// The businesses of `npm run seed:demo`: about 50 across four cities and six categories, each
// complete enough to publish (description, address, coordinates, phone, website, hours). Fixed
// data, so every run of the seed builds the same sandbox.

export interface DemoCity {
  city: string;
  state: string;
  postalCode: string;
  lat: number;
  lon: number;
}

export const DEMO_CITIES: DemoCity[] = [
  { city: 'Austin', state: 'TX', postalCode: '78701', lat: 30.2672, lon: -97.7431 },
  { city: 'Denver', state: 'CO', postalCode: '80202', lat: 39.7392, lon: -104.9903 },
  { city: 'Portland', state: 'OR', postalCode: '97205', lat: 45.5152, lon: -122.6784 },
  { city: 'Chicago', state: 'IL', postalCode: '60601', lat: 41.8781, lon: -87.6298 },
];

interface DemoCategory {
  category: string;
  /** What consumers type for it: the searches of the simulated days. */
  queries: string[];
  names: string[];
  offer: string;
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  { category: 'restaurants', queries: ['vegan dinner', 'best tacos', 'late night ramen', 'brunch spot'], names: ['Green Leaf Kitchen', 'Taqueria Lupita', 'Harbor Ramen'], offer: 'seasonal plates, vegan options, tacos, ramen bowls and weekend brunch' },
  { category: 'coffee', queries: ['coffee shop with wifi', 'espresso bar', 'quiet cafe to work'], names: ['Daily Grind', 'Bean There'], offer: 'single-origin espresso, pour-over coffee, pastries and fast wifi for working' },
  { category: 'dental', queries: ['emergency dentist', 'teeth whitening', 'family dentist'], names: ['Bright Smile Dental', 'Riverside Family Dentistry', 'Gentle Care Dental'], offer: 'family dentistry, emergency appointments, cleanings and teeth whitening' },
  { category: 'plumbing', queries: ['plumber near me', 'water heater repair', '24 hour plumber'], names: ['Rapid Rooter Plumbing', 'Copper Pipe Co'], offer: 'drain cleaning, water heater repair and 24 hour emergency plumbing' },
  { category: 'hair salons', queries: ['haircut', 'balayage color', 'barber fade'], names: ['Shear Genius Salon', 'Mane Street Studio'], offer: 'haircuts, color and balayage, fades and beard trims' },
  { category: 'fitness', queries: ['yoga class', 'gym with classes', 'pilates studio'], names: ['Core Flow Yoga'], offer: 'yoga, pilates and strength classes for every level, with drop-in passes' },
];

const WEEKDAYS = { open: '08:00', close: '20:00' };

export interface DemoBusinessBody {
  name: string;
  category: string;
  description: string;
  tagline: string;
  location: { address: { street: string; city: string; state: string; postalCode: string; country: string }; coordinates: { lat: number; lon: number } };
  contact: { phone: string; email: string; website: string };
  hours: Record<string, { open: string; close: string } | { closed: true }>;
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** 4 cities x 13 names = 52 businesses, with unique phones and websites. */
export function demoBusinesses(): DemoBusinessBody[] {
  const bodies: DemoBusinessBody[] = [];
  DEMO_CITIES.forEach((place, c) => {
    let n = 0;
    for (const category of DEMO_CATEGORIES) {
      for (const base of category.names) {
        n += 1;
        const name = `${base} ${place.city}`;
        bodies.push({
          name,
          category: category.category,
          description: `${name} is a local ${category.category} business in ${place.city}, ${place.state}: ${category.offer}. Friendly staff, fair prices and easy parking nearby.`,
          tagline: `${base}: ${category.category} in ${place.city}`,
          location: {
            address: { street: `${100 + n * 7} Main St`, city: place.city, state: place.state, postalCode: place.postalCode, country: 'US' },
            // Spread around the centre so distances differ.
            coordinates: { lat: Number((place.lat + ((n % 5) - 2) * 0.006).toFixed(5)), lon: Number((place.lon + ((n % 7) - 3) * 0.006).toFixed(5)) },
          },
          contact: { phone: `+1555${String(c + 2)}${String(100000 + n).slice(-6)}`, email: `hello@${slug(name)}.example`, website: `https://${slug(name)}.example/` },
          hours: { monday: WEEKDAYS, tuesday: WEEKDAYS, wednesday: WEEKDAYS, thursday: WEEKDAYS, friday: WEEKDAYS, saturday: { open: '09:00', close: '18:00' }, sunday: { closed: true } },
        });
      }
    }
  });
  return bodies;
}
