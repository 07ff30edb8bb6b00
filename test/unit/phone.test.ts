import { normalizePhone } from '../../src/domain/phone';

describe('normalizePhone', () => {
  it.each([
    ['(512) 555-0100'],
    ['512-555-0100'],
    ['512.555.0100'],
    ['512 555 0100'],
    ['5125550100'],
    ['1 512 555 0100'],
    ['+1 (512) 555-0100'],
    ['+15125550100'],
    ['001 512 555 0100'],
    ['  512/555/0100  '],
  ])('reads %p as the same US number', (raw) => {
    expect(normalizePhone(raw)).toBe('+15125550100');
  });

  it('treats 10-digit numbers as US/CA by default and for CA', () => {
    expect(normalizePhone('416 555 0199', 'CA')).toBe('+14165550199');
    expect(normalizePhone('4165550199')).toBe('+14165550199');
  });

  it('reads the NANP 011 exit prefix as international', () => {
    expect(normalizePhone('011 49 30 1234567')).toBe('+49301234567');
  });

  it('keeps international numbers with their own country code', () => {
    expect(normalizePhone('+49 30 1234567')).toBe('+49301234567');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('0044 20 7946 0958')).toBe('+442079460958');
  });

  it('drops the national trunk 0 when a non-US default country is given', () => {
    expect(normalizePhone('030 1234567', 'DE')).toBe('+49301234567');
    expect(normalizePhone('020 7946 0958', 'gb')).toBe('+442079460958');
  });

  it('rejects NANP numbers whose area code or exchange starts with 0 or 1', () => {
    expect(normalizePhone('012 555 0100')).toBeNull();
    expect(normalizePhone('512 155 0100')).toBeNull();
    expect(normalizePhone('+1 112 555 0100')).toBeNull();
  });

  it('rejects wrong lengths', () => {
    expect(normalizePhone('555-0100')).toBeNull(); // 7 digits, no area code, US
    expect(normalizePhone('+123456')).toBeNull(); // 6 digits
    expect(normalizePhone('+4912345678901234')).toBeNull(); // 16 digits
    expect(normalizePhone('+1 512 555 01000')).toBeNull();
    expect(normalizePhone('')).toBeNull();
  });

  it('accepts 7 to 15 digit international numbers', () => {
    expect(normalizePhone('+6491234')).toBe('+6491234');
    expect(normalizePhone('+491234567890123')).toBe('+491234567890123');
  });

  it('rejects letters, extensions and stray symbols', () => {
    expect(normalizePhone('512-555-CALL')).toBeNull();
    expect(normalizePhone('512 555 0100 ext 12')).toBeNull();
    expect(normalizePhone('512#555#0100')).toBeNull();
    expect(normalizePhone('++15125550100')).toBeNull();
    expect(normalizePhone('15125550100+')).toBeNull();
  });

  it('rejects a country code starting with 0', () => {
    expect(normalizePhone('+0 512 555 0100')).toBeNull();
  });

  it('returns null for a national number of an unknown default country', () => {
    expect(normalizePhone('0301234567', 'ZZ')).toBeNull();
    expect(normalizePhone('+49301234567', 'ZZ')).toBe('+49301234567');
  });
});
