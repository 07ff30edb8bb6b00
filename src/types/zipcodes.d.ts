// The parts of the `zipcodes` package (no bundled types) that domain/search/usZipCodes.ts reads.
declare module 'zipcodes' {
  interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export const codes: Record<string, ZipCode>;
  export const states: { full: Record<string, string>; abbr: Record<string, string> };
  export function lookup(zip: string): ZipCode | undefined;
}
