// The businesses of `npm run seed:demo`: 56 across four cities and 14 kinds, each filed under a
// label as its owner might write it ("coffee", "Dentists", "home-services") and described in its own words, each
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

interface DemoBusiness {
  name: string;
  /** The category as its owner wrote it: free text, as real owners write it. */
  label: string;
  /** What it offers, in its own words: no two businesses share a description. */
  offer: string;
}

interface DemoCategory {
  /** What the simulated days search for in this group. */
  queries: string[];
  businesses: DemoBusiness[];
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    queries: ['vegan dinner', 'best tacos', 'late night ramen', 'brunch spot'],
    businesses: [
      { name: 'Green Leaf Kitchen', label: 'Vegan Restaurant', offer: 'plant-based bowls, seasonal vegetable plates and a weekend brunch with tofu scrambles' },
      { name: 'Taqueria Lupita', label: 'taqueria', offer: 'al pastor and carnitas tacos on handmade corn tortillas, with a salsa bar' },
      { name: 'Harbor Ramen', label: 'Ramen', offer: 'tonkotsu and miso ramen, gyoza and rice bowls, open until midnight on weekends' },
    ],
  },
  {
    queries: ['coffee shop with wifi', 'espresso bar', 'quiet cafe to work'],
    businesses: [
      { name: 'Daily Grind', label: 'coffee', offer: 'single-origin espresso, pour-over and oat milk lattes, with fast wifi and long tables for laptops' },
      { name: 'Bean There', label: 'Coffee Shop', offer: 'house-roasted drip coffee, cold brew and pastries from a local bakery' },
    ],
  },
  {
    queries: ['emergency dentist', 'teeth whitening', 'family dentist'],
    businesses: [
      { name: 'Bright Smile Dental', label: 'Dentists', offer: 'cleanings, fillings and crowns, with same-day visits for toothaches' },
      { name: 'Riverside Family Dentistry', label: 'Family Dentistry', offer: 'dental care for children and adults, sealants and orthodontic referrals' },
      { name: 'Gentle Care Dental', label: 'dental clinic', offer: 'teeth whitening, implants and sedation for anxious patients' },
    ],
  },
  {
    queries: ['plumber near me', 'water heater repair', '24 hour plumber'],
    businesses: [
      { name: 'Rapid Rooter Plumbing', label: 'Plumbing', offer: 'drain cleaning, sewer camera inspections and 24 hour emergency plumbing' },
      { name: 'Copper Pipe Co', label: 'home-services', offer: 'water heater repair, leaking pipes, fixtures and small home repairs' },
    ],
  },
  {
    queries: ['haircut', 'balayage color', 'barber fade'],
    businesses: [
      { name: 'Shear Genius Salon', label: 'Hair Salon', offer: 'cuts, color and balayage by senior stylists' },
      { name: 'Mane Street Barbers', label: 'barbershop', offer: 'skin fades, beard trims and hot towel shaves; walk-ins welcome' },
    ],
  },
  {
    queries: ['yoga class', 'gym with classes', 'pilates studio'],
    businesses: [
      { name: 'Core Flow Yoga', label: 'Yoga Studio', offer: 'vinyasa, hot yoga and pilates classes for every level, with drop-in passes' },
      { name: 'Iron Works Gym', label: 'Gym', offer: 'free weights, spin and HIIT classes and personal training, open early with a sauna' },
    ],
  },
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

/**
 * 4 cities x 14 names = 56 businesses, with unique phones and websites. Every kind has at least five
 * businesses of it or of its broader kind in the sandbox, so each one's benchmarks show percentiles.
 */
export function demoBusinesses(): DemoBusinessBody[] {
  const bodies: DemoBusinessBody[] = [];
  DEMO_CITIES.forEach((place, c) => {
    let n = 0;
    for (const group of DEMO_CATEGORIES) {
      for (const business of group.businesses) {
        n += 1;
        const name = `${business.name} ${place.city}`;
        bodies.push({
          name,
          category: business.label,
          description: `${name}: ${business.offer}. In ${place.city}, ${place.state}.`,
          tagline: `${business.name}, ${place.city}`,
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
