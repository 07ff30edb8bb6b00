// tz-lookup ships no types. It maps a coordinate to an IANA zone name from an embedded
// raster of time-zone boundaries; throws RangeError for coordinates out of range.
declare module 'tz-lookup' {
  function tzlookup(lat: number, lon: number): string;
  export = tzlookup;
}
