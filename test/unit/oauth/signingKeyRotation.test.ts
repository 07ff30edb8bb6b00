// The signing-key plan every instance computes alike: when a successor is created, when it signs,
// how long the one it replaces stays published. Times are written out by hand.
import { planSigningKeys, rotationPolicy, type SigningKeyTimes } from '../../../src/domain/oauth/signingKeyRotation';

const at = (iso: string) => Date.parse(iso);
const key = (generation: number, activatesAt: string): SigningKeyTimes => ({ generation, kid: `k${generation}`, activatesAt: at(activatesAt) });
// Every 30 days, a day of lead, a day of overlap.
const policy = rotationPolicy(30);
const kids = (keys: SigningKeyTimes[]) => keys.map((one) => one.kid);

test('with no key yet, the first one is created to sign at once', () => {
  const plan = planSigningKeys([], at('2026-03-01T12:00:00Z'), policy);
  expect(plan.signing).toBeUndefined();
  expect(plan.create).toEqual({ generation: 1, activatesAt: at('2026-03-01T12:00:00Z') });
});

test('a key younger than 29 days signs alone and nothing is due', () => {
  const plan = planSigningKeys([key(1, '2026-03-01T00:00:00Z')], at('2026-03-29T23:59:59Z'), policy);
  expect(plan.signing?.kid).toBe('k1');
  expect(kids(plan.published)).toEqual(['k1']);
  expect(plan.create).toBeUndefined();
  expect(plan.retired).toEqual([]);
});

test('a day before the rotation age a successor is created, to sign exactly at 30 days', () => {
  const plan = planSigningKeys([key(1, '2026-03-01T00:00:00Z')], at('2026-03-30T00:00:00Z'), policy);
  expect(plan.create).toEqual({ generation: 2, activatesAt: at('2026-03-31T00:00:00Z') });
});

test('an instance that was down past the rotation age still gives the successor a full day of lead', () => {
  const plan = planSigningKeys([key(1, '2026-03-01T00:00:00Z')], at('2026-04-10T08:00:00Z'), policy);
  expect(plan.create).toEqual({ generation: 2, activatesAt: at('2026-04-11T08:00:00Z') });
});

test('a pending successor is published behind the signing key, and no third key is created', () => {
  const keys = [key(1, '2026-03-01T00:00:00Z'), key(2, '2026-03-31T00:00:00Z')];
  const plan = planSigningKeys(keys, at('2026-03-30T06:00:00Z'), policy);
  expect(plan.signing?.kid).toBe('k1');
  expect(kids(plan.published)).toEqual(['k1', 'k2']);
  expect(plan.create).toBeUndefined();
});

test('once the successor activates it signs, and the old key stays published for a day', () => {
  const keys = [key(1, '2026-03-01T00:00:00Z'), key(2, '2026-03-31T00:00:00Z')];
  const justAfter = planSigningKeys(keys, at('2026-03-31T00:00:00Z'), policy);
  expect(justAfter.signing?.kid).toBe('k2');
  expect(kids(justAfter.published)).toEqual(['k2', 'k1']);
  const lastMoment = planSigningKeys(keys, at('2026-03-31T23:59:59Z'), policy);
  expect(kids(lastMoment.published)).toEqual(['k2', 'k1']);
  expect(lastMoment.retired).toEqual([]);
});

test('a day after the successor activated, the old key is retired', () => {
  const keys = [key(1, '2026-03-01T00:00:00Z'), key(2, '2026-03-31T00:00:00Z')];
  const plan = planSigningKeys(keys, at('2026-04-01T00:00:00Z'), policy);
  expect(kids(plan.published)).toEqual(['k2']);
  expect(kids(plan.retired)).toEqual(['k1']);
});

test('keys are ordered by generation whatever order storage returns them in', () => {
  const keys = [key(3, '2026-04-30T00:00:00Z'), key(2, '2026-03-31T00:00:00Z')];
  const plan = planSigningKeys(keys, at('2026-04-29T12:00:00Z'), policy);
  expect(plan.signing?.kid).toBe('k2');
  expect(kids(plan.published)).toEqual(['k2', 'k3']);
});

test('a rotation period of 0 days never creates a successor', () => {
  const plan = planSigningKeys([key(1, '2020-01-01T00:00:00Z')], at('2026-03-01T00:00:00Z'), rotationPolicy(0));
  expect(plan.signing?.kid).toBe('k1');
  expect(plan.create).toBeUndefined();
});
