import { INTENT_JSON_SCHEMA, MalformedIntentError, parseIntentAnswer } from '../../../src/adapters/openai/intentSchema';

type SchemaNode = Record<string, unknown>;

// OpenAI strict structured outputs: every object lists all its properties as required and
// forbids additional ones. Walk the schema and check each object node.
function objectNodes(node: unknown, out: SchemaNode[] = []): SchemaNode[] {
  if (Array.isArray(node)) node.forEach((n) => objectNodes(n, out));
  else if (node && typeof node === 'object') {
    const n = node as SchemaNode;
    if (n.type === 'object') out.push(n);
    Object.values(n).forEach((v) => objectNodes(v, out));
  }
  return out;
}

const nulls = { place: null, when: null, price: null, quality: null };

describe('the search intent JSON schema', () => {
  it('follows the strict structured-output rules on every object', () => {
    const nodes = objectNodes(INTENT_JSON_SCHEMA);
    expect(nodes.length).toBe(5);
    for (const node of nodes) {
      expect(node.additionalProperties).toBe(false);
      expect([...(node.required as string[])].sort()).toEqual(Object.keys(node.properties as object).sort());
    }
  });
});

describe('parseIntentAnswer', () => {
  it('turns a full structured answer into an intent, dropping nulls', () => {
    const answer = {
      terms: ['Vegan'],
      categories: ['restaurants'],
      serviceTerms: [],
      place: { city: 'Austin', state: 'TX', near: null },
      when: { openNow: true, day: null, late: null },
      price: { cheap: null, maxAmount: 20, currency: 'usd' },
      quality: { best: null, minRating: null, verifiedOnly: null },
    };
    expect(parseIntentAnswer(JSON.stringify(answer))).toEqual({
      terms: ['vegan'],
      categories: ['restaurants'],
      serviceTerms: [],
      place: { city: 'Austin', state: 'TX' },
      when: { openNow: true },
      price: { maxAmount: 20, currency: 'USD' },
    });
  });

  it('drops values of the wrong type or out of range', () => {
    const answer = {
      terms: ['ok', 42, '', 'ok'],
      categories: [],
      serviceTerms: [],
      place: { city: 7, state: '  ', near: 'downtown' },
      when: { openNow: 'yes', day: 'Funday', late: true },
      price: { cheap: true, maxAmount: -5, currency: 'dollars' },
      quality: { best: true, minRating: 9, verifiedOnly: null, minReviews: -3 },
    };
    expect(parseIntentAnswer(JSON.stringify(answer))).toEqual({
      terms: ['ok'],
      categories: [],
      serviceTerms: [],
      place: { near: 'downtown' },
      when: { late: true },
      price: { cheap: true },
      quality: { best: true, minRating: 5 },
    });
  });

  it('reads a least review count, rounding a fraction up', () => {
    const quality = { best: null, minRating: null, verifiedOnly: null, minReviews: 100.5 };
    expect(parseIntentAnswer(JSON.stringify({ terms: [], categories: [], serviceTerms: [], ...nulls, quality })).quality).toEqual({ minReviews: 101 });
  });

  it('reads relative days and clock times, padding "9:00" and dropping impossible times', () => {
    const when = { openNow: null, day: null, relativeDay: 'tomorrow', late: null, openAt: '9:00', openUntil: '25:00' };
    expect(parseIntentAnswer(JSON.stringify({ terms: [], categories: [], serviceTerms: [], ...nulls, when })).when).toEqual({ relativeDay: 'tomorrow', openAt: '09:00' });
    const odd = { openNow: null, day: null, relativeDay: 'next week', late: null, openAt: 'nine', openUntil: '02:00' };
    expect(parseIntentAnswer(JSON.stringify({ terms: [], categories: [], serviceTerms: [], ...nulls, when: odd })).when).toEqual({ openUntil: '02:00' });
  });

  it('reads "open 24 hours" as allDay, and only a boolean', () => {
    const when = { openNow: null, day: null, relativeDay: null, late: null, allDay: true, openAt: null, openUntil: null };
    expect(parseIntentAnswer(JSON.stringify({ terms: [], categories: [], serviceTerms: [], ...nulls, when })).when).toEqual({ allDay: true });
    const odd = { ...when, allDay: 'yes' };
    expect(parseIntentAnswer(JSON.stringify({ terms: [], categories: [], serviceTerms: [], ...nulls, when: odd })).when).toBeUndefined();
  });

  it('reads the weekend as a boolean', () => {
    const when = { openNow: null, day: null, weekend: true, relativeDay: null, late: null, allDay: null, openAt: null, openUntil: null };
    expect(parseIntentAnswer(JSON.stringify({ terms: [], categories: [], serviceTerms: [], ...nulls, when })).when).toEqual({ weekend: true });
  });

  it('reads a postal code the model found', () => {
    const answer = { terms: [], categories: ['dental'], serviceTerms: [], ...nulls, place: { city: null, state: null, near: null, postalCode: ' 10001 ' } };
    expect(parseIntentAnswer(JSON.stringify(answer)).place).toEqual({ postalCode: '10001' });
  });

  it('accepts a lower-case weekday in any case', () => {
    const answer = { terms: [], categories: [], serviceTerms: [], ...nulls, when: { openNow: null, day: 'Sunday', late: null } };
    expect(parseIntentAnswer(JSON.stringify(answer)).when).toEqual({ day: 'sunday' });
  });

  it.each([
    ['empty', ''],
    ['not JSON', 'Sure! Here is the intent'],
    ['an array', '[]'],
    ['a list that is not an array', JSON.stringify({ terms: 'vegan', categories: [], serviceTerms: [] })],
    ['a section that is not an object', JSON.stringify({ terms: [], categories: [], serviceTerms: [], place: 'Austin' })],
  ])('rejects an answer that is %s', (_label, content) => {
    expect(() => parseIntentAnswer(content)).toThrow(MalformedIntentError);
  });
});
