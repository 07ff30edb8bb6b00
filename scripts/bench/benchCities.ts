// The 52 US cities the synthetic businesses live in: city-centre coordinates, state, a real
// ZIP prefix and area code, and a weight (roughly the population in 100 000s) so New York gets
// many more businesses than Boise, as in real listings data.

export interface BenchCity {
  name: string;
  state: string;
  lat: number;
  lon: number;
  /** First three digits of the city's ZIP codes. */
  zip3: string;
  areaCode: string;
  weight: number;
}

type Row = [name: string, state: string, lat: number, lon: number, zip3: string, areaCode: string, weight: number];

const ROWS: Row[] = [
  ['New York', 'NY', 40.7128, -74.006, '100', '212', 83], ['Los Angeles', 'CA', 34.0522, -118.2437, '900', '213', 39],
  ['Chicago', 'IL', 41.8781, -87.6298, '606', '312', 27], ['Houston', 'TX', 29.7604, -95.3698, '770', '713', 23],
  ['Phoenix', 'AZ', 33.4484, -112.074, '850', '602', 16], ['Philadelphia', 'PA', 39.9526, -75.1652, '191', '215', 16],
  ['San Antonio', 'TX', 29.4241, -98.4936, '782', '210', 15], ['San Diego', 'CA', 32.7157, -117.1611, '921', '619', 14],
  ['Dallas', 'TX', 32.7767, -96.797, '752', '214', 13], ['San Jose', 'CA', 37.3382, -121.8863, '951', '408', 10],
  ['Austin', 'TX', 30.2672, -97.7431, '787', '512', 10], ['Jacksonville', 'FL', 30.3322, -81.6557, '322', '904', 9],
  ['Fort Worth', 'TX', 32.7555, -97.3308, '761', '817', 9], ['Columbus', 'OH', 39.9612, -82.9988, '432', '614', 9],
  ['Charlotte', 'NC', 35.2271, -80.8431, '282', '704', 9], ['Indianapolis', 'IN', 39.7684, -86.1581, '462', '317', 9],
  ['San Francisco', 'CA', 37.7749, -122.4194, '941', '415', 8], ['Seattle', 'WA', 47.6062, -122.3321, '981', '206', 7],
  ['Denver', 'CO', 39.7392, -104.9903, '802', '303', 7], ['Washington', 'DC', 38.9072, -77.0369, '200', '202', 7],
  ['Nashville', 'TN', 36.1627, -86.7816, '372', '615', 7], ['Oklahoma City', 'OK', 35.4676, -97.5164, '731', '405', 7],
  ['El Paso', 'TX', 31.7619, -106.485, '799', '915', 7], ['Boston', 'MA', 42.3601, -71.0589, '021', '617', 7],
  ['Portland', 'OR', 45.5152, -122.6784, '972', '503', 6], ['Las Vegas', 'NV', 36.1699, -115.1398, '891', '702', 6],
  ['Detroit', 'MI', 42.3314, -83.0458, '482', '313', 6], ['Memphis', 'TN', 35.1495, -90.049, '381', '901', 6],
  ['Louisville', 'KY', 38.2527, -85.7585, '402', '502', 6], ['Baltimore', 'MD', 39.2904, -76.6122, '212', '410', 6],
  ['Milwaukee', 'WI', 43.0389, -87.9065, '532', '414', 6], ['Albuquerque', 'NM', 35.0844, -106.6504, '871', '505', 6],
  ['Tucson', 'AZ', 32.2226, -110.9747, '857', '520', 5], ['Fresno', 'CA', 36.7378, -119.7871, '937', '559', 5],
  ['Sacramento', 'CA', 38.5816, -121.4944, '958', '916', 5], ['Kansas City', 'MO', 39.0997, -94.5786, '641', '816', 5],
  ['Atlanta', 'GA', 33.749, -84.388, '303', '404', 5], ['Omaha', 'NE', 41.2565, -95.9345, '681', '402', 5],
  ['Colorado Springs', 'CO', 38.8339, -104.8214, '809', '719', 5], ['Raleigh', 'NC', 35.7796, -78.6382, '276', '919', 5],
  ['Miami', 'FL', 25.7617, -80.1918, '331', '305', 4], ['Minneapolis', 'MN', 44.9778, -93.265, '554', '612', 4],
  ['Tulsa', 'OK', 36.154, -95.9928, '741', '918', 4], ['New Orleans', 'LA', 29.9511, -90.0715, '701', '504', 4],
  ['Tampa', 'FL', 27.9506, -82.4572, '336', '813', 4], ['Pittsburgh', 'PA', 40.4406, -79.9959, '152', '412', 3],
  ['Cincinnati', 'OH', 39.1031, -84.512, '452', '513', 3], ['St. Louis', 'MO', 38.627, -90.1994, '631', '314', 3],
  ['Salt Lake City', 'UT', 40.7608, -111.891, '841', '801', 2], ['Orlando', 'FL', 28.5383, -81.3792, '328', '407', 3],
  ['Madison', 'WI', 43.0731, -89.4012, '537', '608', 3], ['Boise', 'ID', 43.615, -116.2023, '837', '208', 2],
];

export const BENCH_CITIES: ReadonlyArray<BenchCity> = ROWS.map(([name, state, lat, lon, zip3, areaCode, weight]) => ({
  name, state, lat, lon, zip3, areaCode, weight,
}));

export function benchCity(name: string): BenchCity {
  const city = BENCH_CITIES.find((c) => c.name === name);
  if (!city) throw new Error(`unknown bench city ${name}`);
  return city;
}

/** Street names shared by every city: the common US ones, so addresses read as real. */
export const STREET_NAMES = [
  'Main', 'Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Washington', 'Lake', 'Hill', 'Park', 'Sunset', 'Lincoln',
  'Jackson', 'Church', 'Highland', 'Madison', 'River', 'Spring', 'Market', 'Mill', 'Broad', 'Center', 'Water',
  'Union', 'Chestnut', 'Walnut', 'Franklin', 'Jefferson', 'Willow', 'Meadow', 'Ridge', 'Valley', 'College',
  'Grove', 'Congress', 'Commerce', 'Front', 'Harbor', 'Railroad', 'Magnolia', '1st', '2nd', '3rd', '4th', '5th',
  '6th', '7th', '8th', '12th', 'Lamar', 'Burnet', 'Colfax', 'Peachtree', 'Mission', 'Belmont', 'Division',
];
export const STREET_SUFFIXES = ['St', 'Ave', 'Blvd', 'Rd', 'Dr', 'Ln', 'Way', 'Pkwy'];
export const NEIGHBORHOODS = [
  'Downtown', 'Midtown', 'Uptown', 'Eastside', 'Westside', 'Northside', 'Southside', 'Riverside', 'Old Town',
  'Heights', 'Hillcrest', 'Lakeside', 'Warehouse District', 'Arts District', 'Market Square', 'Parkside',
];
