import { parseIntentByRules } from '../../../src/domain/search/intent';
import { rankCandidates, type RankedResult } from '../../../src/domain/search/ranking';
import { spellingNote, templateSummary } from '../../../src/domain/search/summaryTemplate';
import { rankedFor } from '../../fixtures/rankedFor';
import { searchDocument } from '../../fixtures/searchDocument';

const query = 'vegan lunch in Austin';
const intent = parseIntentByRules(query);

function ranked(): RankedResult[] {
  return rankCandidates(
    [
      {
        document: searchDocument({ id: 'biz_1', name: 'Green Leaf Kitchen', description: 'Vegan bowls', averageRating: 4.8, reviewCount: 120 }),
        textScore: 1,
        distanceKm: 1.2,
        openNow: true,
      },
      { document: searchDocument({ id: 'biz_2', name: 'Sunny Bowl', description: 'vegan wraps', averageRating: 4.5, reviewCount: 80 }), textScore: 0.8, distanceKm: 2.5 },
      { document: searchDocument({ id: 'biz_3', name: 'Plant Power', description: 'Vegan burgers', averageRating: 4.2, reviewCount: 40 }), textScore: 0.7, distanceKm: 3 },
      { document: searchDocument({ id: 'biz_4', name: 'Root Cellar', description: 'vegan', averageRating: 4.0, reviewCount: 10 }), textScore: 0.6, distanceKm: 4 },
    ],
    { intent, radiusKm: 50 },
  );
}

describe('templateSummary', () => {
  it('names the top three picks with their reasons', () => {
    expect(templateSummary({ query, intent }, ranked(), 12)).toBe(
      'Found 12 places for "vegan lunch in Austin". Top picks: ' +
        'Green Leaf Kitchen (matches "vegan", rated 4.8 from 120 reviews, 1.2 km away, open now); ' +
        'Sunny Bowl (matches "vegan", rated 4.5 from 80 reviews, 2.5 km away); ' +
        'Plant Power (matches "vegan", rated 4.2 from 40 reviews, 3.0 km away).',
    );
  });

  it('never mentions a business beyond the top three of the returned list', () => {
    expect(templateSummary({ query, intent }, ranked(), 4)).not.toContain('Root Cellar');
  });

  it('uses the singular for a single result', () => {
    const one = ranked().slice(0, 1);
    expect(templateSummary({ query, intent }, one, 1)).toMatch(/^Found 1 place for ".*"\. Top pick: Green Leaf Kitchen \(/);
  });

  it('does not call a later page\'s results the top picks', () => {
    const page = ranked().slice(1, 3);
    expect(templateSummary({ query, intent, offset: 10 }, page, 12)).toMatch(/^Found 12 places for ".*"\. From result 11: Sunny Bowl \(.*\); Plant Power \(.*\)\.$/);
    expect(templateSummary({ query, intent, offset: 0 }, page, 12)).toMatch(/\. Top picks: Sunny Bowl/);
  });

  it('is deterministic', () => {
    expect(templateSummary({ query, intent }, ranked(), 12)).toBe(templateSummary({ query, intent }, ranked(), 12));
  });

  it('suggests loosening the filters the query used when nothing matched', () => {
    const strict = 'verified vegan sushi open now in Austin under $10';
    const text = templateSummary({ query: strict, intent: parseIntentByRules(strict) }, [], 0);
    expect(text).toBe(
      'No places matched "verified vegan sushi open now in Austin under $10". You could try a nearby city, drop the opening-time filter, ' +
        'raise the price limit, relax the rating or verification requirement, use fewer words or check the spelling.',
    );
  });

  it('suggests asking for fewer reviews when the sentence set a review count', () => {
    const many = 'ramen with more than 500 reviews';
    expect(templateSummary({ query: many, intent: parseIntentByRules(many) }, [], 0)).toBe(
      'No places matched "ramen with more than 500 reviews". You could ask for fewer reviews or check the spelling.',
    );
  });

  it('suggests a wider radius only when the search had one', () => {
    const tacos = { query: 'tacos', intent: parseIntentByRules('tacos') };
    expect(templateSummary(tacos, [], 0)).toBe('No places matched "tacos". You could check the spelling.');
    expect(templateSummary({ ...tacos, radiusKm: 5 }, [], 0)).toBe('No places matched "tacos". You could widen the search radius or check the spelling.');
    const near = 'tacos near downtown Denver';
    expect(templateSummary({ query: near, intent: parseIntentByRules(near), radiusKm: 25 }, [], 0)).toBe('No places matched "tacos near downtown Denver". You could widen the search radius, try a nearby city or check the spelling.');
  });

  it('says the results are not sorted by distance when the sentence asked for nearby places without a location', () => {
    const nearMe = 'vegan lunch near me';
    const nearMeIntent = parseIntentByRules(nearMe);
    expect(templateSummary({ query: nearMe, intent: nearMeIntent }, ranked(), 4)).toMatch(
      /^Found 4 places for "vegan lunch near me"\. The search had no location, so these are not sorted by distance\. Top picks: Green Leaf Kitchen/,
    );
    // With a location, or a place in the sentence, distance is known: no caveat.
    expect(templateSummary({ query: nearMe, intent: nearMeIntent, radiusKm: 50 }, ranked(), 4)).not.toContain('no location');
    const inAustin = 'vegan lunch nearby in Austin';
    expect(templateSummary({ query: inAustin, intent: parseIntentByRules(inAustin) }, ranked(), 4)).not.toContain('no location');
  });

  it('suggests a nearby ZIP code when the sentence named only a ZIP code', () => {
    const zip = 'dentist in 10001';
    expect(templateSummary({ query: zip, intent: parseIntentByRules(zip) }, [], 0)).toBe('No places matched "dentist in 10001". You could try a nearby ZIP code.');
  });

  it('names the request\'s category filter when nothing matched', () => {
    const text = templateSummary({ query: 'coffee', intent: parseIntentByRules('coffee'), category: 'dental' }, [], 0);
    expect(text).toBe('No places matched "coffee". You could drop the category filter ("dental") or check the spelling.');
  });

  it('says first that nothing found is the kind of place the sentence named, and what each one is listed under', () => {
    const dentist = 'dentist open on Sunday';
    const { intent: dentistIntent, results: vets } = rankedFor(dentist, [
      { document: searchDocument({ id: 'biz_v1', name: 'Paws Clinic', category: 'veterinary', description: 'dental care for pets' }), textScore: 1 },
      { document: searchDocument({ id: 'biz_v2', name: 'Pet Smiles', category: 'veterinary', description: 'pet dental' }), textScore: 0.9 },
    ]);
    expect(dentistIntent).toMatchObject({ categories: ['amenity/dentist'], categoryWords: ['dentist'] });
    expect(vets.map((r) => r.matchesQuery)).toEqual([false, false]);
    expect(templateSummary({ query: dentist, intent: dentistIntent, noneMatch: true }, vets, 2)).toBe(
      'No business is listed as dentist or mentions "dentist" and meets the other conditions. Other places found: ' +
        'Paws Clinic (listed under veterinary, rated 4.0 from 50 reviews); Pet Smiles (listed under veterinary, rated 4.0 from 50 reviews).',
    );
    // A business listed under the kind asked for is a match, and its category goes without saying.
    const { results: dentistOffice } = rankedFor(dentist, [
      { document: searchDocument({ id: 'biz_d', name: 'Bright Smiles', category: 'Dental' }), textScore: 0.5 },
      ...vets.map((r) => ({ document: r.document, textScore: 1 })),
    ]);
    expect(dentistOffice.map((r) => [r.document.id, r.matchesQuery])).toEqual([['biz_d', true], ['biz_v1', false], ['biz_v2', false]]);
    expect(templateSummary({ query: dentist, intent: dentistIntent }, dentistOffice, 3)).toBe(
      'Found 3 places for "dentist open on Sunday". Top pick: Bright Smiles (rated 4.0 from 50 reviews). ' +
        '2 other results on this page are not a match for "dentist".',
    );
  });

  it('says plainly that no business near the place asked about offers the dish, before the places shown instead', () => {
    const ramen = 'ramen near Austin';
    const { intent: ramenIntent, results: others } = rankedFor(ramen, [
      { document: searchDocument({ id: 'biz_p', name: 'Slice House', description: 'Pizza by the slice' }), textScore: 1, distanceKm: 2 },
      { document: searchDocument({ id: 'biz_t', name: 'Taco Town', description: 'Tacos al pastor' }), textScore: 1, distanceKm: 3 },
    ], 25);
    expect(templateSummary({ query: ramen, intent: ramenIntent, radiusKm: 25, noneMatch: true }, others, 2)).toBe(
      'No business near Austin offers "ramen". Other places found: Slice House (listed under restaurants, rated 4.0 from 50 reviews, 2.0 km away); ' +
        'Taco Town (listed under restaurants, rated 4.0 from 50 reviews, 3.0 km away).',
    );
    const sent = parseIntentByRules('vegan ramen');
    expect(templateSummary({ query: 'vegan ramen', intent: sent, radiusKm: 10, noneMatch: true }, others, 2)).toMatch(
      /^No business within 10 km mentions "vegan" or "ramen"\. Other places found: Slice House/,
    );
    expect(templateSummary({ query: 'ramen', intent: parseIntentByRules('ramen'), noneMatch: true }, others, 2)).toMatch(/^No business offers "ramen"\. /);
  });

  it('says so when the page is past the last result', () => {
    expect(templateSummary({ query, intent }, [], 12)).toBe('Found 12 places for "vegan lunch in Austin". There are no more results on this page.');
  });

  it('shortens a very long query and does not break the quoting', () => {
    const long = `"quoted" ${'word '.repeat(100)}`;
    const text = templateSummary({ query: long, intent: parseIntentByRules(long) }, [], 0);
    expect(text.length).toBeLessThan(220);
    expect(text).toContain("\"'quoted' word");
  });
});

describe('spellingNote', () => {
  it('names each corrected word when there are a few', () => {
    expect(spellingNote({ text: 'pizza in chicago', corrections: [{ from: 'piza', to: 'pizza' }, { from: 'chicgo', to: 'chicago' }] })).toBe(
      'Showing results for "pizza in chicago": no business mentions "piza" or "chicgo".',
    );
  });

  it('names five and counts the rest, so a long sentence full of typos keeps a short note', () => {
    const typos = ['piza', 'tcos', 'pluber', 'dntist', 'coffe', 'bakey', 'chicgo', 'housto'];
    const note = spellingNote({ text: 'pizza tacos plumber dentist coffee bakery chicago houston', corrections: typos.map((from) => ({ from, to: from })) });
    expect(note).toBe(
      'Showing results for "pizza tacos plumber dentist coffee bakery chicago houston": no business mentions ' +
        '"piza", "tcos", "pluber", "dntist", "coffe" or 3 other words.',
    );
  });

  it('names all six rather than counting "1 other words"', () => {
    const typos = ['piza', 'tcos', 'pluber', 'dntist', 'coffe', 'bakey'];
    const note = spellingNote({ text: 'pizza tacos plumber dentist coffee bakery', corrections: typos.map((from) => ({ from, to: from })) });
    expect(note).toMatch(/"coffe" or "bakey"\.$/);
    expect(note).not.toMatch(/other word/);
  });
});
