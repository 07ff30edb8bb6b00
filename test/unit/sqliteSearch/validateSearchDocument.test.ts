import { actionKey, actionProblem } from '../../../src/adapters/sqlite/search/indexAction';
import { searchDocumentProblem } from '../../../src/adapters/sqlite/search/validateSearchDocument';
import type { IndexAction } from '../../../src/ports/searchIndex';
import { fixtureDocument } from '../../fixtures/searchDocuments';

const good = fixtureDocument('biz_aus_pizza');

describe('searchDocumentProblem', () => {
  it('accepts a complete document, with or without coordinates and price', () => {
    expect(searchDocumentProblem(good)).toBeNull();
    expect(searchDocumentProblem(fixtureDocument('biz_aus_mobile'))).toBeNull();
  });

  it.each([
    ['a missing id', { ...good, id: '' }, 'id must be a non-empty string'],
    ['an unknown environment', { ...good, environment: 'staging' }, 'environment must be live or test'],
    ['a name that is not text', { ...good, name: 42 }, 'name must be a string'],
    ['a missing address', { ...good, address: undefined }, 'address must be an object'],
    ['an unknown verification level', { ...good, verificationLevel: 'gold' }, expect.stringContaining('verificationLevel')],
    ['a rating that is not a number', { ...good, averageRating: 'high' }, 'averageRating must be a finite number'],
    ['a latitude beyond the pole', { ...good, coordinates: { lat: 123, lon: 0 } }, 'coordinates.lat must be between -90 and 90'],
    ['a longitude out of range', { ...good, coordinates: { lat: 0, lon: 181 } }, 'coordinates.lon must be between -180 and 180'],
    ['a price that is not finite', { ...good, minPrice: Number.NaN }, 'minPrice must be a finite number'],
  ])('rejects %s', (_, doc, reason) => {
    expect(searchDocumentProblem(doc)).toEqual(reason);
  });
});

describe('index actions', () => {
  it('accepts a well-formed delete and names the document it is about', () => {
    const action: IndexAction = { type: 'delete', environment: 'test', id: 'biz_1' };
    expect(actionProblem(action)).toBeNull();
    expect(actionKey(action)).toEqual({ environment: 'test', id: 'biz_1' });
  });

  it('reports an unknown action type and a delete without an id', () => {
    // @ts-expect-error -- an action from an untyped caller (the bulk body of an import)
    expect(actionProblem({ type: 'merge' })).toBe('type must be upsert or delete');
    expect(actionProblem({ type: 'delete', environment: 'live', id: '' })).toBe('id must be a non-empty string');
  });

  it('reads the id of a malformed upsert so its failure can name it', () => {
    // @ts-expect-error -- a malformed document from an untyped caller
    expect(actionKey({ type: 'upsert', document: { ...good, name: undefined } })).toEqual({ environment: 'live', id: 'biz_aus_pizza' });
    // @ts-expect-error -- a malformed document from an untyped caller
    expect(actionKey({ type: 'upsert', document: null })).toBeNull();
  });
});
