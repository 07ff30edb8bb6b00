// The wire form of the list cursors (reviews, bookings): a JSON array in base64url, opaque to
// clients. Each list checks the array's shape itself and refuses anything else as a 400 on `cursor`.

export function encodeOpaqueCursor(parts: unknown[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The array inside a cursor, or undefined when it is not one of ours. */
export function decodeOpaqueCursor(cursor: string): unknown[] | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
