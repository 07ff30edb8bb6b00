import { newId, newTimeOrderedId, randomBase62 } from '../../src/domain/ids';

it('builds prefixed ids of 20 base62 characters', () => {
  expect(newId('req')).toMatch(/^req_[0-9A-Za-z]{20}$/);
});

it('never repeats across many pool refills', () => {
  // 2000 ids x ~21 bytes each draws the 4 KB pool about ten times over.
  const ids = new Set(Array.from({ length: 2000 }, () => randomBase62(20)));
  expect(ids.size).toBe(2000);
});

it('uses every base62 character about equally often (no modulo bias)', () => {
  const counts = new Map<string, number>();
  const text = randomBase62(62 * 2000);
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  expect(counts.size).toBe(62);
  // Expected 2000 per character; the standard deviation is about 44, so ±250 is beyond 5 sigma.
  for (const [char, count] of counts) expect([char, Math.abs(count - 2000) < 250]).toEqual([char, true]);
});

describe('time-ordered ids', () => {
  it('are the prefix and a ULID whose first ten characters are the millisecond given', () => {
    // 1 700 000 000 000 in Crockford's base32 (digits, then letters without I, L, O, U), ten digits.
    const id = newTimeOrderedId('biz', 1_700_000_000_000);
    expect(id).toMatch(/^biz_01HF7YAT00[0-9A-HJKMNP-TV-Z]{16}$/);
  });

  it('sort in the order they were minted, within one millisecond too', () => {
    const ids = [
      ...Array.from({ length: 500 }, () => newTimeOrderedId('biz', 1_800_000_000_000)),
      ...Array.from({ length: 500 }, (_, i) => newTimeOrderedId('biz', 1_800_000_000_001 + i)),
    ];
    expect(new Set(ids).size).toBe(1000);
    expect([...ids].sort()).toEqual(ids);
  });

  it('after an id minted at a later time, still sort after it (the clock went back)', () => {
    const later = newTimeOrderedId('biz', 1_900_000_000_000);
    expect(newTimeOrderedId('biz', 1_850_000_000_000) > later).toBe(true);
  });

  it('pass the path id rule older ids pass (letters and digits, 6 to 40)', () => {
    expect(newTimeOrderedId('biz')).toMatch(/^biz_[A-Za-z0-9]{6,40}$/);
  });
});
