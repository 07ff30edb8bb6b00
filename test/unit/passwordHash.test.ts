import { hashPassword, verifyPassword } from '../../src/domain/passwordHash';

describe('hashPassword / verifyPassword', () => {
  it('encodes scrypt parameters, a 16-byte salt and a 32-byte key', async () => {
    const encoded = await hashPassword('correct horse battery staple');
    const [alg, n, r, p, salt, key] = encoded.split('$');
    expect([alg, n, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const encoded = await hashPassword('correct horse battery staple');
    await expect(verifyPassword('correct horse battery staple', encoded)).resolves.toBe(true);
    await expect(verifyPassword('correct horse battery stapl', encoded)).resolves.toBe(false);
    await expect(verifyPassword('', encoded)).resolves.toBe(false);
  });

  it('salts every hash, so equal passwords give different encodings', async () => {
    const a = await hashPassword('same password 123');
    const b = await hashPassword('same password 123');
    expect(a).not.toBe(b);
    await expect(verifyPassword('same password 123', b)).resolves.toBe(true);
  });

  it('treats Unicode-equivalent spellings of a password as the same password', async () => {
    const encoded = await hashPassword('caf\u00e9 au lait 2024'); // precomposed é
    await expect(verifyPassword('cafe\u0301 au lait 2024', encoded)).resolves.toBe(true); // e + combining accent
  });

  it('verifies hashes made with other plausible parameters', async () => {
    const encoded = await hashPassword('parameters can change');
    // Re-derive with N=1024 the way an older deployment might have stored it.
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('parameters can change', salt, 32, { N: 1024, r: 8, p: 1 });
    const old = ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    await expect(verifyPassword('parameters can change', old)).resolves.toBe(true);
    expect(encoded.startsWith('scrypt$16384$')).toBe(true);
  });

  it('returns false for unknown or tampered formats instead of throwing', async () => {
    const encoded = await hashPassword('a good long password');
    const parts = encoded.split('$');
    const cases = [
      '',
      'plain text',
      'bcrypt$2b$10$abcdefghijklmnopqrstuv',
      ['argon2', ...parts.slice(1)].join('$'),
      [...parts.slice(0, 5)].join('$'),
      [parts[0], '16383', ...parts.slice(2)].join('$'), // N not a power of two
      [parts[0], String(1 << 24), ...parts.slice(2)].join('$'), // N far too large
      [parts[0], parts[1], '0', ...parts.slice(3)].join('$'),
      [parts[0], parts[1], parts[2], '1e3', ...parts.slice(4)].join('$'),
      [...parts.slice(0, 5), 'c2hvcnQ'].join('$'), // key too short
      [...parts.slice(0, 4), '', parts[5]].join('$'), // no salt
    ];
    for (const bad of cases) await expect(verifyPassword('a good long password', bad)).resolves.toBe(false);
    // @ts-expect-error -- what a caller without types (a JSON body missing the field) passes
    await expect(verifyPassword(undefined, encoded)).resolves.toBe(false);
  });
});
