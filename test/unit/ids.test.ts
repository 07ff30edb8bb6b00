import { newId, randomBase62 } from '../../src/domain/ids';

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
