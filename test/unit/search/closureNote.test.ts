// A language model's summary may leave out that a business it names is closed for now: the note
// after it says so (services/search/summarise.ts closureNote).
import type { RankedResult } from '../../../src/domain/search/ranking';
import { closureNote, summaryBusiness } from '../../../src/services/search/summarise';
import { rankedResult } from '../../fixtures/rankedResult';
import { searchDocument } from '../../fixtures/searchDocument';

const ranked = (name: string, closed: boolean): RankedResult =>
  rankedResult(
    searchDocument({ id: `biz_${name.replace(/\W/g, '')}`, name, ...(closed && { operatingStatus: 'temporarily_closed' as const, reopensOn: '2026-12-07' }) }),
    ['open now'],
  );

it('adds the closure of a named business the text did not mention', () => {
  expect(closureNote('Try Fade Factory or Clip Joint.', [ranked('Fade Factory', true), ranked('Clip Joint', false)])).toBe(
    ' Fade Factory is temporarily closed, expected to reopen on 2026-12-07.',
  );
});

it('adds nothing when the text already says it is closed, or does not name it', () => {
  expect(closureNote('Fade Factory is temporarily closed until December; try Clip Joint.', [ranked('Fade Factory', true), ranked('Clip Joint', false)])).toBe('');
  expect(closureNote('Try Clip Joint.', [ranked('Fade Factory', true), ranked('Clip Joint', false)])).toBe('');
});

it('gives the model the closure as the first fact of the business', () => {
  expect(summaryBusiness(ranked('Fade Factory', true)).facts[0]).toBe('temporarily closed, expected to reopen on 2026-12-07');
});
