import { parseIntentByRules } from '../../../src/domain/search/intent';
import {
  bayesianRating,
  distanceDecay,
  rankCandidates,
  type RankedResult,
  type RankInput,
  type SessionProfile,
} from '../../../src/domain/search/ranking';
import { createSeededRandom } from '../../../scripts/bench/seededRandom';
import { rankingFieldsOf, type SearchDocument } from '../../../src/ports/searchIndex';
import { searchDocument } from '../../fixtures/searchDocument';

const neutral = parseIntentByRules('lunch');

function ids(inputs: RankInput[], intent = neutral, extra: { radiusKm?: number; session?: SessionProfile } = {}): string[] {
  return rankCandidates(inputs, { intent, ...extra }).map((r) => r.document.id);
}

describe('rankCandidates', () => {
  it('ranks 4.7 stars from 300 reviews above 4.9 stars from 2 reviews', () => {
    const fewReviews = { document: searchDocument({ id: 'biz_few', name: 'Few', averageRating: 4.9, reviewCount: 2 }), textScore: 0.5 };
    const manyReviews = { document: searchDocument({ id: 'biz_many', name: 'Many', averageRating: 4.7, reviewCount: 300 }), textScore: 0.5 };
    expect(ids([fewReviews, manyReviews])).toEqual(['biz_many', 'biz_few']);
  });

  it('puts the nearer place first when everything else is equal', () => {
    const far = { document: searchDocument({ id: 'biz_far', name: 'Far' }), textScore: 0.5, distanceKm: 8 };
    const near = { document: searchDocument({ id: 'biz_near', name: 'Near' }), textScore: 0.5, distanceKm: 1.2 };
    expect(ids([far, near], neutral, { radiusKm: 10 })).toEqual(['biz_near', 'biz_far']);
  });

  it('ranks vegan places higher for a neutral "lunch" query after a session searched "vegan" several times', () => {
    const docs = [
      { document: searchDocument({ id: 'biz_steak', name: 'Prime Cut', description: 'Steaks and burgers' }), textScore: 0.6 },
      { document: searchDocument({ id: 'biz_deli', name: 'Main Deli', description: 'Sandwiches and soup' }), textScore: 0.55 },
      { document: searchDocument({ id: 'biz_green', name: 'Green Leaf Kitchen', description: 'Vegan bowls and salads' }), textScore: 0.5 },
    ];
    const session: SessionProfile = { categories: { restaurants: 3 }, terms: { vegan: 3 }, viewed: [] };

    expect(ids(docs)[0]).toBe('biz_steak');
    const personalised = rankCandidates(docs, { intent: neutral, session });
    expect(personalised[0].document.id).toBe('biz_green');
    expect(personalised[0].personalizationScore).toBeGreaterThan(personalised[1].personalizationScore);
    expect(personalised[0].reasons).toContain('fits your recent searches');
  });

  it('lets text relevance decide between otherwise equal places', () => {
    const weak = { document: searchDocument({ id: 'biz_weak', name: 'Weak' }), textScore: 0.2 };
    const strong = { document: searchDocument({ id: 'biz_strong', name: 'Strong' }), textScore: 0.9 };
    expect(ids([weak, strong])).toEqual(['biz_strong', 'biz_weak']);
  });

  it('gives rating quality more say when the query asks for the best', () => {
    const relevant = { document: searchDocument({ id: 'biz_relevant', name: 'Relevant', averageRating: 3.2, reviewCount: 200 }), textScore: 0.75 };
    const loved = { document: searchDocument({ id: 'biz_loved', name: 'Loved', averageRating: 4.9, reviewCount: 400 }), textScore: 0.5 };
    expect(ids([relevant, loved], parseIntentByRules('sushi'))).toEqual(['biz_relevant', 'biz_loved']);
    expect(ids([relevant, loved], parseIntentByRules('best sushi'))).toEqual(['biz_loved', 'biz_relevant']);
  });

  it('prefers lower prices when the query asks for cheap', () => {
    const pricey = { document: searchDocument({ id: 'biz_pricey', name: 'Pricey', minPrice: 60 }), textScore: 0.5 };
    const cheap = { document: searchDocument({ id: 'biz_cheap', name: 'Cheap', minPrice: 8 }), textScore: 0.45 };
    expect(ids([cheap, pricey], parseIntentByRules('sushi'))).toEqual(['biz_pricey', 'biz_cheap']);
    expect(ids([cheap, pricey], parseIntentByRules('cheap sushi'))).toEqual(['biz_cheap', 'biz_pricey']);
  });

  it('shows the lowest price in its currency when the query asks about price', () => {
    const priced = { document: searchDocument({ id: 'biz_priced', name: 'Priced', minPrice: 13.5, minPriceCurrency: 'USD' }), textScore: 0.5 };
    const older = { document: searchDocument({ id: 'biz_older', name: 'Older', minPrice: 8 }), textScore: 0.4 };
    const [first, second] = rankCandidates([priced, older], { intent: parseIntentByRules('lunch under $20') });
    expect(first.reasons).toContain('services from $13.50');
    // A document indexed before the currency was kept shows the bare amount.
    expect(second.reasons).toContain('services from 8');
    expect(rankCandidates([priced], { intent: parseIntentByRules('lunch') })[0].reasons.join()).not.toMatch(/services from/);
  });

  it('prefers a higher verification level, and more so when the query asks for verified', () => {
    const plain = { document: searchDocument({ id: 'biz_plain', name: 'Plain' }), textScore: 0.55 };
    const certified = { document: searchDocument({ id: 'biz_cert', name: 'Cert', verificationLevel: 'certified' }), textScore: 0.5 };
    const result = rankCandidates([plain, certified], { intent: parseIntentByRules('verified plumber') });
    expect(result.map((r) => r.document.id)).toEqual(['biz_cert', 'biz_plain']);
    expect(result[0].reasons).toContain('certified');
  });

  it('prefers places known to be open when the query asks for open now', () => {
    const unknown = { document: searchDocument({ id: 'biz_unknown', name: 'Unknown' }), textScore: 0.5 };
    const open = { document: searchDocument({ id: 'biz_open', name: 'Open' }), textScore: 0.5, openNow: true };
    const closed = { document: searchDocument({ id: 'biz_closed', name: 'Closed' }), textScore: 0.5, openNow: false };
    expect(ids([closed, unknown, open], parseIntentByRules('tacos open now'))).toEqual(['biz_open', 'biz_unknown', 'biz_closed']);
  });

  it('keeps every score between 0 and 1 and lists the reasons the summary uses', () => {
    const [result] = rankCandidates(
      [
        {
          document: searchDocument({
            id: 'biz_green',
            name: 'Green Leaf Kitchen',
            description: 'Vegan comfort food',
            averageRating: 4.8,
            reviewCount: 120,
            verificationLevel: 'verified',
            completeness: 100,
          }),
          textScore: 1,
          distanceKm: 1.24,
          openNow: true,
        },
      ],
      { intent: parseIntentByRules('vegan lunch in Austin'), radiusKm: 50 },
    );
    expect(result.score).toBeGreaterThan(0);
    expect(result.score).toBeLessThanOrEqual(1);
    expect(result.reasons).toEqual(['matches "vegan"', 'rated 4.8 from 120 reviews', '1.2 km away', 'open now', 'verified']);
  });

  it('puts what the sentence asked about before the other reasons, so the summary\'s first four keep it', () => {
    // Friday 2026-11-27 18:00 in Austin: open now, and open on Saturday.
    const at = '2026-11-28T00:00:00.000Z';
    const document = searchDocument({
      id: 'biz_bakery', name: 'Crumb', description: 'vegan pastries', verificationLevel: 'verified', minPrice: 4.5, minPriceCurrency: 'USD',
      hours: { friday: { open: '07:00', close: '20:00' }, saturday: { open: '08:00', close: '14:00' } }, timeZone: 'America/Chicago',
    });
    const reasonsOf = (sentence: string) => {
      const intent = parseIntentByRules(sentence);
      const opening = intent.when && { at, ...intent.when };
      return rankCandidates([{ document, textScore: 1, distanceKm: 2, openNow: true }], { intent, radiusKm: 50, ...(opening && { opening }) })[0].reasons;
    };
    expect(reasonsOf('vegan bakery open saturday').slice(0, 4)).toEqual(['matches "vegan"', 'open on Saturday 8am-2pm', 'rated 4.0 from 50 reviews', '2.0 km away']);
    expect(reasonsOf('vegan bakery under $10').slice(0, 4)).toEqual(['matches "vegan"', 'services from $4.50', 'rated 4.0 from 50 reviews', '2.0 km away']);
    expect(reasonsOf('verified vegan bakery').slice(0, 2)).toEqual(['matches "vegan"', 'verified']);
    expect(reasonsOf('vegan bakery open now').slice(0, 2)).toEqual(['matches "vegan"', 'open now']);
    // Nothing asked beyond the words: the usual order.
    expect(reasonsOf('vegan bakery')).toEqual(['matches "vegan"', 'rated 4.0 from 50 reviews', '2.0 km away', 'open now', 'verified']);
  });

  it('gives distance as a reason only within the radius (not for a far place the sentence named)', () => {
    const at = (distanceKm: number) => ({ document: searchDocument({ id: `biz_${distanceKm}`, name: 'Cafe' }), textScore: 0.5, distanceKm });
    const reasons = rankCandidates([at(2.5), at(2850)], { intent: neutral, radiusKm: 10 }).map((r) => r.reasons);
    expect(reasons).toEqual([
      ['rated 4.0 from 50 reviews', '2.5 km away'],
      ['rated 4.0 from 50 reviews'],
    ]);
  });

  it('orders ties by distance, then review count, then id, so pages are stable', () => {
    const a = { document: searchDocument({ id: 'biz_a', name: 'A' }), textScore: 0.5 };
    const b = { document: searchDocument({ id: 'biz_b', name: 'B' }), textScore: 0.5 };
    expect(ids([b, a])).toEqual(['biz_a', 'biz_b']);
  });

  it('returns an empty list for no candidates', () => {
    expect(rankCandidates([], { intent: neutral })).toEqual([]);
  });
});

describe('ranking signals', () => {
  it('pulls ratings with few reviews towards the prior mean of 3.5', () => {
    expect(bayesianRating(0, 0)).toBe(3.5);
    expect(bayesianRating(4.9, 2)).toBeCloseTo((10 * 3.5 + 4.9 * 2) / 12, 10);
    expect(bayesianRating(4.7, 300)).toBeGreaterThan(bayesianRating(4.9, 2));
  });

  it('decays distance exponentially with a third of the radius as the scale, and is 1 without a location', () => {
    expect(distanceDecay(undefined, 10)).toBe(1);
    expect(distanceDecay(0, 30)).toBe(1);
    expect(distanceDecay(10, 30)).toBeCloseTo(Math.exp(-1), 10);
    expect(distanceDecay(30, 30)).toBeCloseTo(Math.exp(-3), 10);
  });
});

describe('explainTop', () => {
  it('writes reasons only for the first results after sorting, without changing the order', () => {
    const candidates = [0, 1, 2, 3].map((i) => ({
      document: searchDocument({ id: `biz_${i}`, name: `Vegan place ${i}`, averageRating: 4, reviewCount: 10 * (i + 1) }),
      textScore: 0.5,
      distanceKm: i,
    }));
    const intent = parseIntentByRules('vegan');
    const all = rankCandidates(candidates, { intent });
    const top = rankCandidates(candidates, { intent, explainTop: 2 });
    expect(top.map((r) => r.document.id)).toEqual(all.map((r) => r.document.id));
    expect(top[0].reasons).toEqual(all[0].reasons);
    expect(top[1].reasons.length).toBeGreaterThan(0);
    expect(top[2].reasons).toEqual([]);
    expect(top[3].reasons).toEqual([]);
  });
});

describe('isOpen', () => {
  const candidates = [0, 1, 2, 3].map((i) => ({
    document: searchDocument({ id: `biz_${i}`, name: `Cafe ${i}`, averageRating: 4, reviewCount: 10 * (4 - i) }),
    textScore: 0.5,
    distanceKm: i,
  }));
  const openIds = new Set(['biz_1', 'biz_3']);

  it('asks only about the explained results when "open now" does not weigh in, and says so in their reasons', () => {
    const asked: string[] = [];
    const isOpen = ({ document }: { document: { id: string } }) => (asked.push(document.id), openIds.has(document.id));
    const ranked = rankCandidates(candidates, { intent: neutral, explainTop: 2, isOpen });
    expect(ranked.map((r) => r.document.id)).toEqual(['biz_0', 'biz_1', 'biz_2', 'biz_3']);
    expect(asked.sort()).toEqual(['biz_0', 'biz_1']);
    expect(ranked[0].reasons).not.toContain('open now');
    expect(ranked[1].reasons).toContain('open now');
    expect(ranked[1].openNow).toBe(true);
  });

  it('asks about every candidate when "open now" is part of the score, and ranks open places first', () => {
    const asked: string[] = [];
    const isOpen = ({ document }: { document: { id: string } }) => (asked.push(document.id), openIds.has(document.id));
    const ranked = rankCandidates(candidates, { intent: parseIntentByRules('cafe open now'), explainTop: 1, isOpen });
    expect(asked.sort()).toEqual(['biz_0', 'biz_1', 'biz_2', 'biz_3']);
    expect(ranked.slice(0, 2).map((r) => r.document.id).sort()).toEqual(['biz_1', 'biz_3']);
    expect(ranked.map((r) => r.components.open)).toEqual([1, 1, 0, 0]);
  });

  it('prefers an openNow given with the input over asking', () => {
    const isOpen = () => false;
    const [result] = rankCandidates([{ ...candidates[0], openNow: true }], { intent: neutral, isOpen });
    expect(result.openNow).toBe(true);
    expect(result.reasons).toContain('open now');
  });
});

describe('rankCandidates with ranking fields', () => {
  // A candidate whose document is built on first read, as a search index's hit may be.
  function lazyCandidate(document: SearchDocument, reads: string[]): RankInput {
    return {
      get document() {
        reads.push(document.id);
        return document;
      },
      fields: rankingFieldsOf(document),
      textScore: 0.5,
    };
  }
  const documents = [0, 1, 2, 3, 4, 5].map((i) =>
    searchDocument({ id: `biz_${i}`, name: `Cafe ${i}`, description: 'vegan bowls', averageRating: 3 + i / 4, reviewCount: 50 }),
  );

  it('ranks on the fields and reads the documents of the explained results only', () => {
    const reads: string[] = [];
    const ranked = rankCandidates(documents.map((doc) => lazyCandidate(doc, reads)), { intent: parseIntentByRules('vegan'), explainTop: 2 });
    expect(ranked.map((r) => r.fields.id)).toEqual(['biz_5', 'biz_4', 'biz_3', 'biz_2', 'biz_1', 'biz_0']);
    expect([...new Set(reads)].sort()).toEqual(['biz_4', 'biz_5']);
    expect(ranked[0].reasons[0]).toBe('matches "vegan"');
    // A result's document is the candidate's, read through when asked.
    expect(ranked[5].document).toBe(documents[0]);
  });

  it('reads every document when the session has terms to look for in the text', () => {
    const reads: string[] = [];
    const session: SessionProfile = { categories: {}, terms: { vegan: 3 }, viewed: [] };
    const ranked = rankCandidates(documents.map((doc) => lazyCandidate(doc, reads)), { intent: neutral, explainTop: 1, session });
    expect([...new Set(reads)].sort()).toEqual(documents.map((doc) => doc.id).sort());
    expect(ranked.every((r) => r.personalizationScore === 1)).toBe(true);
  });

  it('asks whether candidates match only until the page is certain', () => {
    const asked: string[] = [];
    const matching = new Set(['biz_4', 'biz_2', 'biz_1']);
    const matchesQuery = (result: RankedResult) => {
      asked.push(result.fields.id);
      return matching.has(result.fields.id);
    };
    const candidates = () => documents.map((doc) => lazyCandidate(doc, []));
    // Score order is biz_5 .. biz_0 (ratings): biz_5, biz_4, biz_3 and biz_2 fill a page of two.
    const page = rankCandidates(candidates(), { intent: neutral, matchesQuery, certainTop: 2 });
    expect(page.slice(0, 2).map((r) => r.fields.id)).toEqual(['biz_4', 'biz_2']);
    expect(asked).toEqual(['biz_5', 'biz_4', 'biz_3', 'biz_2']);
    expect(page.map((r) => r.matchesQuery)).toEqual([true, true, false, false, undefined, undefined]);
    asked.length = 0;
    const whole = rankCandidates(candidates(), { intent: neutral, matchesQuery });
    expect(whole.map((r) => r.fields.id)).toEqual(['biz_4', 'biz_2', 'biz_1', 'biz_5', 'biz_3', 'biz_0']);
    expect(asked.sort()).toEqual(documents.map((doc) => doc.id).sort());
  });

  it('gives the same page, in the same order, whether or not it stops asking at the page (500 random pools)', () => {
    const random = createSeededRandom('certain-top');
    const levels = ['none', 'basic', 'verified', 'premium', 'certified'] as const;
    for (let round = 0; round < 500; round++) {
      // Few distinct values, so equal scores (and their tie rules) are common.
      const pool = Array.from({ length: random.int(1, 40) }, (_, i) =>
        searchDocument({
          id: `biz_${String(i).padStart(3, '0')}`,
          name: `Place ${i}`,
          averageRating: random.int(6, 10) / 2,
          reviewCount: random.int(0, 3) * 10,
          verificationLevel: levels[random.int(0, 4)],
        }),
      );
      const inputs = pool.map((document) => ({ document, textScore: random.int(1, 4) / 4, distanceKm: random.int(0, 3) }));
      const share = random.next();
      const matching = new Set(pool.filter(() => random.next() < share).map((doc) => doc.id));
      const context = { intent: neutral, radiusKm: 5, isOpen: () => undefined, matchesQuery: (r: RankedResult) => matching.has(r.fields.id) };
      const certainTop = random.int(1, 15);
      const whole = rankCandidates(inputs, context).slice(0, certainTop);
      const page = rankCandidates(inputs, { ...context, certainTop }).slice(0, certainTop);
      expect(page.map((r) => [r.fields.id, r.matchesQuery, r.score])).toEqual(whole.map((r) => [r.fields.id, r.matchesQuery, r.score]));
    }
  });

  it('scores the same with or without fields', () => {
    const intent = parseIntentByRules('cheap vegan');
    const withFields = rankCandidates(documents.map((doc) => lazyCandidate(doc, [])), { intent, radiusKm: 5 });
    const withoutFields = rankCandidates(documents.map((document) => ({ document, textScore: 0.5 })), { intent, radiusKm: 5 });
    expect(withFields.map((r) => [r.fields.id, r.score])).toEqual(withoutFields.map((r) => [r.document.id, r.score]));
  });
});
