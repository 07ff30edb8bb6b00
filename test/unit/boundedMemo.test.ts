// boundedMemo: each key computed once while remembered, undefined answers included, and the
// memory starting again past its bound instead of growing.
import { boundedMemo } from '../../src/domain/boundedMemo';

it('computes a key once, remembers undefined answers too, and forgets everything past its bound', () => {
  const asked: string[] = [];
  const lengthOfLong = boundedMemo(2, (key) => {
    asked.push(key);
    return key.length > 3 ? key.length : undefined;
  });

  expect([lengthOfLong('pizza'), lengthOfLong('pizza'), lengthOfLong('pit'), lengthOfLong('pit')]).toEqual([5, 5, undefined, undefined]);
  expect(asked).toEqual(['pizza', 'pit']);

  // A third key finds the memo full: it starts again, so 'pizza' is computed anew.
  lengthOfLong('salon');
  lengthOfLong('pizza');
  expect(asked).toEqual(['pizza', 'pit', 'salon', 'pizza']);
});
