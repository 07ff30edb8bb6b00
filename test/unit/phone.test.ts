import { normalizePhone, phoneIssue } from '../../src/domain/phone';

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

describe('the "(0)" trunk prefix written after a country code', () => {
  it.each([
    ['+44 (0)20 7946 0958', '+442079460958'],
    ['+44(0)2079460958', '+442079460958'],
    ['0044 (0)20 7946 0958', '+442079460958'],
    ['+49 (0)30 123456', '+4930123456'],
    ['+353 (0)1 234 5678', '+35312345678'],
  ])('drops it: %p is %p', (raw, e164) => {
    expect(normalizePhone(raw, 'DE')).toBe(e164);
  });

  it('keeps it where the 0 belongs to the number (Italy)', () => {
    expect(normalizePhone('+39 (0)6 1234 5678')).toBe('+390612345678');
  });
});

describe('Italy, San Marino and the Vatican keep their leading 0', () => {
  it('reads an Italian national number with its 0, the same as the international spelling', () => {
    expect(normalizePhone('06 1234 5678', 'IT')).toBe('+390612345678');
    expect(normalizePhone('+39 06 1234 5678', 'IT')).toBe('+390612345678');
    expect(normalizePhone('0039 06 1234 5678')).toBe('+390612345678');
  });

  it('reads Italian mobiles (no 0) unchanged', () => {
    expect(normalizePhone('333 123 4567', 'it')).toBe('+393331234567');
  });

  it('uses +378 for San Marino and +39 for the Vatican', () => {
    expect(normalizePhone('0549 882 555', 'SM')).toBe('+3780549882555');
    expect(normalizePhone('06 6988 3145', 'VA')).toBe('+390669883145');
  });

  it('still drops the trunk 0 of other countries', () => {
    expect(normalizePhone('01 42 68 53 00', 'FR')).toBe('+33142685300');
  });
});

describe('phoneIssue', () => {
  it('tells the caller to add the country code when the country has no national rule', () => {
    expect(normalizePhone('02-312-3456', 'KR')).toBeNull();
    expect(phoneIssue('02-312-3456', 'KR')).toBe('must start with + and the country calling code: numbers without one are not read for country KR');
    expect(normalizePhone('+82 2-312-3456', 'KR')).toBe('+8223123456');
  });

  it('gives the general issue for a country with a rule or an international number', () => {
    expect(phoneIssue('555-0100', 'US')).toMatch(/^must be a valid phone number/);
    expect(phoneIssue('+1 012 555 0100', 'KR')).toMatch(/^must be a valid phone number/);
  });
});
