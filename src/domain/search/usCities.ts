// Major US cities with their state and a centre point, so a query such as
// "near downtown Denver" can be searched around Denver when the caller sent no coordinates.
// Coordinates are the usual city-centre reference points, rounded to 4 decimals.
import type { Coordinates } from '../profile';

export interface UsCity {
  name: string;
  state: string;
  centre: Coordinates;
}

type Row = [name: string, state: string, lat: number, lon: number, aliases?: string[]];

const ROWS: Row[] = [
  ['New York', 'NY', 40.7128, -74.006, ['nyc', 'new york city', 'manhattan']],
  ['Los Angeles', 'CA', 34.0522, -118.2437, ['la']], ['Chicago', 'IL', 41.8781, -87.6298],
  ['Houston', 'TX', 29.7604, -95.3698], ['Phoenix', 'AZ', 33.4484, -112.074],
  ['Philadelphia', 'PA', 39.9526, -75.1652, ['philly']], ['San Antonio', 'TX', 29.4241, -98.4936],
  ['San Diego', 'CA', 32.7157, -117.1611], ['Dallas', 'TX', 32.7767, -96.797],
  ['San Jose', 'CA', 37.3382, -121.8863], ['Austin', 'TX', 30.2672, -97.7431],
  ['Jacksonville', 'FL', 30.3322, -81.6557], ['Fort Worth', 'TX', 32.7555, -97.3308, ['ft worth']],
  ['Columbus', 'OH', 39.9612, -82.9988], ['Charlotte', 'NC', 35.2271, -80.8431],
  ['Indianapolis', 'IN', 39.7684, -86.1581], ['San Francisco', 'CA', 37.7749, -122.4194, ['sf']],
  ['Seattle', 'WA', 47.6062, -122.3321], ['Denver', 'CO', 39.7392, -104.9903],
  ['Washington', 'DC', 38.9072, -77.0369, ['washington dc', 'dc']], ['Nashville', 'TN', 36.1627, -86.7816],
  ['Oklahoma City', 'OK', 35.4676, -97.5164], ['El Paso', 'TX', 31.7619, -106.485],
  ['Boston', 'MA', 42.3601, -71.0589], ['Portland', 'OR', 45.5152, -122.6784],
  ['Las Vegas', 'NV', 36.1699, -115.1398, ['vegas']], ['Detroit', 'MI', 42.3314, -83.0458],
  ['Memphis', 'TN', 35.1495, -90.049], ['Louisville', 'KY', 38.2527, -85.7585],
  ['Baltimore', 'MD', 39.2904, -76.6122], ['Milwaukee', 'WI', 43.0389, -87.9065],
  ['Albuquerque', 'NM', 35.0844, -106.6504], ['Tucson', 'AZ', 32.2226, -110.9747],
  ['Fresno', 'CA', 36.7378, -119.7871], ['Sacramento', 'CA', 38.5816, -121.4944],
  ['Kansas City', 'MO', 39.0997, -94.5786], ['Mesa', 'AZ', 33.4152, -111.8315],
  ['Atlanta', 'GA', 33.749, -84.388], ['Omaha', 'NE', 41.2565, -95.9345],
  ['Colorado Springs', 'CO', 38.8339, -104.8214], ['Raleigh', 'NC', 35.7796, -78.6382],
  ['Long Beach', 'CA', 33.7701, -118.1937], ['Virginia Beach', 'VA', 36.8529, -75.978],
  ['Miami', 'FL', 25.7617, -80.1918], ['Oakland', 'CA', 37.8044, -122.2712],
  ['Minneapolis', 'MN', 44.9778, -93.265], ['Tulsa', 'OK', 36.154, -95.9928],
  ['Bakersfield', 'CA', 35.3733, -119.0187], ['Wichita', 'KS', 37.6872, -97.3301],
  ['Arlington', 'TX', 32.7357, -97.1081], ['Aurora', 'CO', 39.7294, -104.8319],
  ['Tampa', 'FL', 27.9506, -82.4572], ['New Orleans', 'LA', 29.9511, -90.0715, ['nola']],
  ['Cleveland', 'OH', 41.4993, -81.6944], ['Honolulu', 'HI', 21.3069, -157.8583],
  ['Anaheim', 'CA', 33.8366, -117.9143], ['Lexington', 'KY', 38.0406, -84.5037],
  ['Stockton', 'CA', 37.9577, -121.2908], ['Corpus Christi', 'TX', 27.8006, -97.3964],
  ['Henderson', 'NV', 36.0395, -114.9817], ['Riverside', 'CA', 33.9806, -117.3755],
  ['Newark', 'NJ', 40.7357, -74.1724], ['Saint Paul', 'MN', 44.9537, -93.09, ['st paul']],
  ['Santa Ana', 'CA', 33.7455, -117.8677], ['Cincinnati', 'OH', 39.1031, -84.512],
  ['Irvine', 'CA', 33.6846, -117.8265], ['Orlando', 'FL', 28.5383, -81.3792],
  ['Pittsburgh', 'PA', 40.4406, -79.9959], ['St. Louis', 'MO', 38.627, -90.1994, ['st louis', 'saint louis']],
  ['Greensboro', 'NC', 36.0726, -79.792], ['Jersey City', 'NJ', 40.7178, -74.0431],
  ['Anchorage', 'AK', 61.2181, -149.9003], ['Lincoln', 'NE', 40.8136, -96.7026],
  ['Plano', 'TX', 33.0198, -96.6989], ['Durham', 'NC', 35.994, -78.8986],
  ['Buffalo', 'NY', 42.8864, -78.8784], ['Chandler', 'AZ', 33.3062, -111.8413],
  ['Chula Vista', 'CA', 32.6401, -117.0842], ['Toledo', 'OH', 41.6528, -83.5379],
  ['Madison', 'WI', 43.0731, -89.4012], ['Gilbert', 'AZ', 33.3528, -111.789],
  ['Reno', 'NV', 39.5296, -119.8138], ['Fort Wayne', 'IN', 41.0793, -85.1394, ['ft wayne']],
  ['North Las Vegas', 'NV', 36.1989, -115.1175], ['St. Petersburg', 'FL', 27.7676, -82.6403, ['st petersburg', 'st pete']],
  ['Lubbock', 'TX', 33.5779, -101.8552], ['Irving', 'TX', 32.814, -96.9489],
  ['Laredo', 'TX', 27.5306, -99.4803], ['Winston-Salem', 'NC', 36.0999, -80.2442, ['winston salem']],
  ['Chesapeake', 'VA', 36.7682, -76.2875], ['Glendale', 'AZ', 33.5387, -112.186],
  ['Garland', 'TX', 32.9126, -96.6389], ['Scottsdale', 'AZ', 33.4942, -111.9261],
  ['Norfolk', 'VA', 36.8508, -76.2859], ['Boise', 'ID', 43.615, -116.2023],
  ['Fremont', 'CA', 37.5485, -121.9886], ['Spokane', 'WA', 47.6588, -117.426],
  ['Santa Clarita', 'CA', 34.3917, -118.5426], ['San Bernardino', 'CA', 34.1083, -117.2898],
  ['Tacoma', 'WA', 47.2529, -122.4443], ['Salt Lake City', 'UT', 40.7608, -111.891, ['slc']],
  ['Richmond', 'VA', 37.5407, -77.436], ['Birmingham', 'AL', 33.5186, -86.8104],
  ['Des Moines', 'IA', 41.5868, -93.625], ['Providence', 'RI', 41.824, -71.4128],
  ['Hartford', 'CT', 41.7658, -72.6734], ['Charleston', 'SC', 32.7765, -79.9311],
  ['Little Rock', 'AR', 34.7465, -92.2896], ['Savannah', 'GA', 32.0809, -81.0912],
  ['Santa Fe', 'NM', 35.687, -105.9378], ['Ann Arbor', 'MI', 42.2808, -83.743],
  ['Burlington', 'VT', 44.4759, -73.2121], ['Manchester', 'NH', 42.9956, -71.4548],
  ['Wilmington', 'DE', 39.7391, -75.5398], ['Billings', 'MT', 45.7833, -108.5007],
  ['Fargo', 'ND', 46.8772, -96.7898], ['Sioux Falls', 'SD', 43.5446, -96.7311],
  ['Cheyenne', 'WY', 41.14, -104.8202], ['Jackson', 'MS', 32.2988, -90.1848],
  // New York's boroughs: addresses there usually name the borough, not "New York".
  ['Brooklyn', 'NY', 40.6782, -73.9442], ['Queens', 'NY', 40.7282, -73.7949],
  ['Bronx', 'NY', 40.8448, -73.8648, ['the bronx']], ['Staten Island', 'NY', 40.5795, -74.1502],
  // Smaller cities people often search by name.
  ['Berkeley', 'CA', 37.8715, -122.273], ['Pasadena', 'CA', 34.1478, -118.1445],
  ['Santa Monica', 'CA', 34.0195, -118.4912], ['Palo Alto', 'CA', 37.4419, -122.143],
  ['Boulder', 'CO', 40.015, -105.2705], ['Cambridge', 'MA', 42.3736, -71.1097],
  ['Miami Beach', 'FL', 25.7907, -80.13], ['Hoboken', 'NJ', 40.744, -74.0324],
  ['Asheville', 'NC', 35.5951, -82.5515], ['Evanston', 'IL', 42.0451, -87.6877],
];

export const US_CITIES: ReadonlyArray<UsCity> = ROWS.map(([name, state, lat, lon]) => ({ name, state, centre: { lat, lon } }));

/** City names that are also common words or first names: matched only with "in/near" or a state. */
export const AMBIGUOUS_CITY_NAMES: ReadonlySet<string> = new Set([
  'buffalo', 'mesa', 'aurora', 'phoenix', 'lincoln', 'madison', 'jackson', 'irving', 'garland',
  'chandler', 'gilbert', 'henderson', 'charlotte', 'fremont', 'glendale', 'providence', 'savannah',
  'manchester', 'birmingham', 'richmond', 'arlington', 'durham', 'reno', 'sf', 'dc', 'vegas',
  'queens', 'boulder', 'la',
]);

/** Lower-case, dots removed, hyphens as spaces: "St. Louis" and "st louis" share a key. */
export function cityKey(text: string): string {
  return text.toLowerCase().replace(/\./g, '').replace(/[-\s]+/g, ' ').trim();
}

const byKey = new Map<string, UsCity[]>();
ROWS.forEach(([name, , , , aliases], i) => {
  for (const key of [cityKey(name), ...(aliases ?? [])]) {
    const list = byKey.get(key) ?? [];
    list.push(US_CITIES[i]);
    byKey.set(key, list);
  }
});

/** Longest name in words, so the parser knows how far to look ahead. */
export const MAX_CITY_NAME_WORDS = Math.max(...[...byKey.keys()].map((k) => k.split(' ').length));

/**
 * Finds a known city by name or alias; with a state, only a city in that state.
 * Several cities share a name across states; without a state the first (largest) wins.
 */
export function findUsCity(name: string, state?: string): UsCity | undefined {
  const list = byKey.get(cityKey(name));
  if (!list) return undefined;
  return state ? list.find((c) => c.state === state.toUpperCase()) : list[0];
}
