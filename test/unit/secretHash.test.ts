import { sha256Hex } from '../../src/domain/secretHash';

describe('sha256Hex', () => {
  it('matches the SHA-256 test vector', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('is deterministic, 64 lower-case hex characters, and distinguishes close secrets', () => {
    const key = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc4eC39HqLyjWD';
    expect(sha256Hex(key)).toBe(sha256Hex(key));
    expect(sha256Hex(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256Hex(key)).not.toBe(sha256Hex(key.replace('live', 'test')));
  });

  it('hashes the UTF-8 bytes of the text, not Latin-1', () => {
    // Reference values from Python: hashlib.sha256('é'.encode('utf-8')) and .encode('latin-1').
    expect(sha256Hex('\u00e9')).toBe('4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c');
    expect(sha256Hex('\u00e9')).not.toBe('de2e331d891ae267a7009cb45b4e8830f170e0c937288ea2731a1941c7a53b0d');
  });
});
