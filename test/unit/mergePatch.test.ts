import { mergePatch } from '../../src/domain/mergePatch';

describe('mergePatch', () => {
  it('merges nested objects key by key', () => {
    const target = { name: 'A', location: { address: { city: 'Austin', state: 'TX' }, coordinates: { lat: 1, lon: 2 } } };
    const out = mergePatch(target, { location: { address: { city: 'Dallas' } } });
    expect(out).toEqual({ name: 'A', location: { address: { city: 'Dallas', state: 'TX' }, coordinates: { lat: 1, lon: 2 } } });
  });

  it('lets hours name only some days and keeps the others', () => {
    const target = { hours: { monday: { open: '09:00', close: '17:00' }, tuesday: { open: '09:00', close: '17:00' } } };
    const out = mergePatch(target, { hours: { tuesday: { open: '10:00', close: '18:00' } } });
    expect(out.hours).toEqual({ monday: { open: '09:00', close: '17:00' }, tuesday: { open: '10:00', close: '18:00' } });
  });

  it('merges a day object key by key by default, as RFC 7396 says', () => {
    const target = { hours: { monday: { open: '09:00', close: '17:00' } } };
    const out = mergePatch(target, { hours: { monday: { open: null, close: null, closed: true } } });
    expect(out.hours.monday).toEqual({ closed: true });
  });

  it('replaces the value at a path chosen by replaceAt instead of merging it', () => {
    const target = { hours: { monday: { open: '09:00', close: '17:00' }, friday: { open: '09:00', close: '17:00' } } };
    const replaceAt = (path: readonly string[]) => path.length === 2 && path[0] === 'hours';
    const out = mergePatch(target, { hours: { monday: { closed: true } } }, { replaceAt });
    expect(out.hours).toEqual({ monday: { closed: true }, friday: { open: '09:00', close: '17:00' } });
  });

  it('still ignores dangerous keys inside a replaced path', () => {
    const replaceAt = (path: readonly string[]) => path[0] === 'x';
    const out = mergePatch({ x: { a: 1 } } as Record<string, unknown>, JSON.parse('{"x": {"__proto__": {"p": 1}, "b": null, "c": 2}}'), { replaceAt });
    expect(out).toEqual({ x: { c: 2 } });
  });

  it('replaces arrays instead of merging them', () => {
    const target = { media: { photos: ['a', 'b', 'c'] }, blackoutDates: ['2024-12-25'] };
    const out = mergePatch(target, { media: { photos: ['z'] } });
    expect(out.media.photos).toEqual(['z']);
    expect(out.blackoutDates).toEqual(['2024-12-25']);
  });

  it('removes a field when the patch sets it to null', () => {
    const target = { name: 'A', tagline: 'old', contact: { phone: '+1', email: 'a@b.c' } };
    const out = mergePatch(target, { tagline: null, contact: { email: null } });
    expect(out).toEqual({ name: 'A', contact: { phone: '+1' } });
    expect('tagline' in out).toBe(false);
  });

  it('ignores null for a key that does not exist', () => {
    expect(mergePatch({ a: 1 }, { b: null })).toEqual({ a: 1 });
  });

  it('adds new nested objects', () => {
    expect(mergePatch({ a: 1 } as Record<string, unknown>, { b: { c: { d: 2 } } })).toEqual({ a: 1, b: { c: { d: 2 } } });
  });

  it('replaces a scalar with an object and an object with a scalar', () => {
    expect(mergePatch({ a: 1 } as Record<string, unknown>, { a: { x: 1 } })).toEqual({ a: { x: 1 } });
    expect(mergePatch({ a: { x: 1 } } as Record<string, unknown>, { a: 'flat' })).toEqual({ a: 'flat' });
  });

  it('never mutates the target or the patch', () => {
    const target = { location: { address: { city: 'Austin' } }, list: [1, 2] };
    const patch = { location: { address: { city: 'Dallas', street: '1 Main' } }, list: [3] };
    const targetCopy = JSON.parse(JSON.stringify(target));
    const patchCopy = JSON.parse(JSON.stringify(patch));
    const out = mergePatch(target, patch);
    expect(target).toEqual(targetCopy);
    expect(patch).toEqual(patchCopy);
    expect(out.location).not.toBe(target.location);
    // The result shares no structure with the patch either, so later edits cannot leak back.
    (out.list as number[]).push(4);
    expect(patch.list).toEqual([3]);
  });

  it('ignores __proto__, constructor and prototype keys', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "nested": {"__proto__": {"polluted": true}, "ok": 1}}');
    const out = mergePatch({ a: 1 } as Record<string, unknown>, patch);
    expect(out).toEqual({ a: 1, nested: { ok: 1 } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(out, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it('drops dangerous keys inside replaced arrays of objects too', () => {
    const patch = JSON.parse('{"items": [{"__proto__": {"polluted": true}, "v": 1}]}');
    const out = mergePatch({} as Record<string, unknown>, patch) as { items: Array<Record<string, unknown>> };
    expect(out.items).toEqual([{ v: 1 }]);
    expect(Object.getPrototypeOf(out.items[0])).toBe(Object.prototype);
  });

  it('replaces the whole target when the patch is not an object', () => {
    expect(mergePatch({ a: 1 } as unknown, [1, 2])).toEqual([1, 2]);
    expect(mergePatch({ a: 1 } as unknown, 'x')).toBe('x');
  });

  it('an empty patch returns an equal copy', () => {
    const target = { a: { b: 1 } };
    const out = mergePatch(target, {});
    expect(out).toEqual(target);
    expect(out).not.toBe(target);
  });
});
