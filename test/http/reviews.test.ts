// Reviews through the HTTP app: writing, the one-per-account rule, listing with sort,
// cursor and histogram, edits, the owner's reply, admin moderation, sandbox isolation, and the
// trust numbers flowing through the change feed into search.
import request from 'supertest';
import { apiKey, completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, untilIndexed, type TestApp } from './testApp';
import { queuedWebhookEvents } from '../support/queuedWebhookEvents';

let app: TestApp;
let owner: Actor;
let admin: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'review-owner');
  admin = await signUp(app, 'review-admin');
  await app.store.accounts.update(admin.accountId, { role: 'admin' }, new Date().toISOString());
});
afterAll(() => app.close());

async function publishedBusiness(body: Record<string, unknown> = {}): Promise<string> {
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody(body));
  expect(created.status).toBe(201);
  const published = await request(app.callback).patch(`/v1/business/profile/${created.body.data.id}`).set(owner.auth).send({ status: 'published' });
  expect(published.status).toBe(200);
  return created.body.data.id;
}

const reviewsOf = (businessId: string) => `/v1/business/profile/${businessId}/reviews`;

async function review(actor: Actor, businessId: string, body: Record<string, unknown>) {
  return request(app.callback).post(reviewsOf(businessId)).set(actor.auth).send(body);
}

async function trustOf(businessId: string) {
  return (await request(app.callback).get(`/v1/business/profile/${businessId}`).set(owner.auth)).body.data.trust;
}

describe('writing a review', () => {
  it('stores it, answers 201 with the public shape, and updates the profile\'s trust numbers', async () => {
    const businessId = await publishedBusiness();
    const alice = await signUp(app, 'Alice');
    const response = await review(alice, businessId, { rating: 4, text: 'Great bowls, slow service.', visitDate: '2026-11-01' });
    expect(response.status).toBe(201);
    expect(response.headers.location).toBe(`/v1/business/profile/${businessId}/reviews/${response.body.data.id}`);
    expect(response.body.data).toMatchObject({
      businessId,
      author: { name: 'Alice' },
      rating: 4,
      text: 'Great bowls, slow service.',
      visitDate: '2026-11-01',
      reply: null,
      status: 'visible',
      ownReview: true,
    });
    expect(response.body.data.id).toMatch(/^rev_/);
    expect(response.body.data).not.toHaveProperty('authorId');
    expect(response.body.data).not.toHaveProperty('moderation');
    expect(await trustOf(businessId)).toMatchObject({ averageRating: 4, totalReviews: 1 });
    const events = (await queuedWebhookEvents(app.store)).filter((event) => event.data.id === response.body.data.id);
    expect(events).toEqual([expect.objectContaining({ type: 'review.submitted', accountId: owner.accountId })]);
  });

  it('takes a rating without text', async () => {
    const businessId = await publishedBusiness();
    const response = await review(await signUp(app, 'quiet'), businessId, { rating: 5 });
    expect(response.status).toBe(201);
    expect(response.body.data.text).toBe('');
  });

  it('refuses a second review by the same account with DUPLICATE_REVIEW naming the first', async () => {
    const businessId = await publishedBusiness();
    const bob = await signUp(app, 'Bob');
    const first = await review(bob, businessId, { rating: 2 });
    const second = await review(bob, businessId, { rating: 5 });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'DUPLICATE_REVIEW', details: { reviewId: first.body.data.id } });
    expect(await trustOf(businessId)).toMatchObject({ averageRating: 2, totalReviews: 1 });
  });

  it('refuses the owner reviewing their own business (403) and a draft business (409 BUSINESS_NOT_PUBLISHED)', async () => {
    const businessId = await publishedBusiness();
    const own = await review(owner, businessId, { rating: 5 });
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('FORBIDDEN');

    const draft = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody());
    const onDraft = await review(await signUp(app, 'early'), draft.body.data.id, { rating: 3 });
    expect(onDraft.status).toBe(409);
    expect(onDraft.body.error.code).toBe('BUSINESS_NOT_PUBLISHED');
  });

  it('answers 404 PROFILE_NOT_FOUND for an unknown business', async () => {
    const response = await review(await signUp(app, 'lost'), 'biz_00000000000000000000', { rating: 3 });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('PROFILE_NOT_FOUND');
  });

  it.each([
    [{}, 'rating', 'is required'],
    [{ rating: 0 }, 'rating', 'must be'],
    [{ rating: 6 }, 'rating', 'must be'],
    [{ rating: 4.5 }, 'rating', 'whole number'],
    [{ rating: 4, text: 'x'.repeat(5001) }, 'text', '5000'],
    [{ rating: 4, visitDate: '2026-02-30' }, 'visitDate', 'real calendar date'],
    [{ rating: 4, visitDate: '2099-01-01' }, 'visitDate', 'must not be in the future'],
    [{ rating: 4, authorId: 'acct_x' }, 'authorId', 'not an allowed property'],
  ])('refuses %j with VALIDATION_ERROR on %s', async (body, field, issue) => {
    const businessId = await publishedBusiness();
    const response = await review(await signUp(app, 'bad'), businessId, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details.field).toBe(field);
    expect(response.body.error.details.issue).toContain(issue);
  });

  it('refuses a key without write:reviews (403) and lets read:reviews only list', async () => {
    const businessId = await publishedBusiness();
    const reader = await signUp(app, 'reader');
    const readOnly = await apiKey(app, reader, 'live', ['read:reviews']);
    const write = await request(app.callback).post(reviewsOf(businessId)).set(readOnly.auth).send({ rating: 4 });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe('FORBIDDEN');
    expect((await request(app.callback).get(reviewsOf(businessId)).set(readOnly.auth)).status).toBe(200);
    const noRead = await apiKey(app, reader, 'live', ['read:businesses']);
    expect((await request(app.callback).get(reviewsOf(businessId)).set(noRead.auth)).status).toBe(403);
  });

  it('keeps sandbox reviews in the sandbox', async () => {
    const sandboxOwner = await signUp(app, 'sandbox-owner');
    const ownerKey = await apiKey(app, sandboxOwner, 'test');
    const created = await request(app.callback).post('/v1/business/profile').set(ownerKey.auth).send(completeProfileBody());
    const businessId = created.body.data.id;
    await request(app.callback).patch(`/v1/business/profile/${businessId}`).set(ownerKey.auth).send({ status: 'published' });
    const tester = await signUp(app, 'tester');
    const testerKey = await apiKey(app, tester, 'test', ['read:businesses', 'read:reviews', 'write:reviews']);
    expect((await request(app.callback).post(reviewsOf(businessId)).set(testerKey.auth).send({ rating: 1 })).status).toBe(201);
    // A live credential does not see the sandbox business or its reviews.
    expect((await request(app.callback).get(reviewsOf(businessId)).set(tester.auth)).status).toBe(404);
    const list = await request(app.callback).get(reviewsOf(businessId)).set(testerKey.auth);
    expect(list.body.data.totalReviews).toBe(1);
    expect((await app.store.profiles.get('test', businessId))?.trust).toMatchObject({ averageRating: 1, totalReviews: 1 });
  });
});

describe('listing reviews', () => {
  let businessId: string;
  const written: Array<{ id: string; rating: number }> = [];

  beforeAll(async () => {
    businessId = await publishedBusiness();
    // Written in this order: the newest is the last one.
    for (const [name, rating] of [['r1', 5], ['r2', 3], ['r3', 4], ['r4', 1], ['r5', 5]] as const) {
      const response = await review(await signUp(app, name), businessId, { rating, text: `${name} says ${rating}` });
      written.push({ id: response.body.data.id, rating });
    }
  });

  it('answers the histogram, the average to one decimal and the total', async () => {
    const response = await request(app.callback).get(reviewsOf(businessId)).set(owner.auth);
    expect(response.status).toBe(200);
    // (5 + 3 + 4 + 1 + 5) / 5 = 3.6
    expect(response.body.data).toMatchObject({
      businessId,
      averageRating: 3.6,
      totalReviews: 5,
      histogram: { '1': 1, '2': 0, '3': 1, '4': 1, '5': 2 },
      sort: 'newest',
    });
    expect(response.body.data.reviews.map((r: { text: string }) => r.text)).toEqual(['r5 says 5', 'r4 says 1', 'r3 says 4', 'r2 says 3', 'r1 says 5']);
  });

  it('sorts by highest and lowest rating, newest first among equal ratings', async () => {
    const highest = await request(app.callback).get(`${reviewsOf(businessId)}?sort=highest`).set(owner.auth);
    expect(highest.body.data.reviews.map((r: { text: string }) => r.text)).toEqual(['r5 says 5', 'r1 says 5', 'r3 says 4', 'r2 says 3', 'r4 says 1']);
    const lowest = await request(app.callback).get(`${reviewsOf(businessId)}?sort=lowest`).set(owner.auth);
    expect(lowest.body.data.reviews.map((r: { text: string }) => r.text)).toEqual(['r4 says 1', 'r2 says 3', 'r3 says 4', 'r5 says 5', 'r1 says 5']);
  });

  it('pages with a cursor bound to its sort, without repeats or gaps', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const response = await request(app.callback)
        .get(`${reviewsOf(businessId)}?sort=highest&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        .set(owner.auth);
      expect(response.status).toBe(200);
      seen.push(...response.body.data.reviews.map((r: { text: string }) => r.text));
      expect(response.body.data.pagination.total).toBe(5);
      cursor = response.body.data.pagination.nextCursor;
      if (!response.body.data.pagination.hasMore) break;
    }
    expect(seen).toEqual(['r5 says 5', 'r1 says 5', 'r3 says 4', 'r2 says 3', 'r4 says 1']);

    const first = await request(app.callback).get(`${reviewsOf(businessId)}?sort=highest&limit=2`).set(owner.auth);
    const mixed = await request(app.callback).get(`${reviewsOf(businessId)}?sort=lowest&cursor=${first.body.data.pagination.nextCursor}`).set(owner.auth);
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.details.field).toBe('cursor');
    const forged = await request(app.callback).get(`${reviewsOf(businessId)}?cursor=bm9wZQ`).set(owner.auth);
    expect(forged.status).toBe(400);
    expect(forged.body.error.details.field).toBe('cursor');
  });

  it('refuses an unknown sort and an out-of-range limit', async () => {
    const sort = await request(app.callback).get(`${reviewsOf(businessId)}?sort=best`).set(owner.auth);
    expect(sort.status).toBe(400);
    expect(sort.body.error.details.field).toBe('sort');
    const limit = await request(app.callback).get(`${reviewsOf(businessId)}?limit=51`).set(owner.auth);
    expect(limit.status).toBe(400);
    expect(limit.body.error.details.field).toBe('limit');
  });

  it('reads one review; an unknown one is 404 REVIEW_NOT_FOUND', async () => {
    const one = await request(app.callback).get(`${reviewsOf(businessId)}/${written[0].id}`).set(owner.auth);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: written[0].id, rating: 5, ownReview: false });
    const unknown = await request(app.callback).get(`${reviewsOf(businessId)}/rev_00000000000000000000`).set(owner.auth);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('REVIEW_NOT_FOUND');
    const malformed = await request(app.callback).get(`${reviewsOf(businessId)}/not-a-review`).set(owner.auth);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.details.field).toBe('reviewId');
  });

  it('lists a draft business\'s reviews to nobody but its owner (403 for others, like the profile)', async () => {
    const draft = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody());
    const other = await request(app.callback).get(reviewsOf(draft.body.data.id)).set((await signUp(app, 'nosy')).auth);
    expect(other.status).toBe(403);
    const own = await request(app.callback).get(reviewsOf(draft.body.data.id)).set(owner.auth);
    expect(own.body.data).toMatchObject({ averageRating: 0, totalReviews: 0, reviews: [] });
  });
});

describe('editing, replying and moderating', () => {
  it('lets the author edit rating, text and visit date, and recounts', async () => {
    const businessId = await publishedBusiness();
    const carol = await signUp(app, 'Carol');
    const dave = await signUp(app, 'Dave');
    const mine = (await review(carol, businessId, { rating: 2, text: 'Cold food', visitDate: '2026-10-10' })).body.data;
    await review(dave, businessId, { rating: 5 });
    expect(await trustOf(businessId)).toMatchObject({ averageRating: 3.5, totalReviews: 2 });

    const edited = await request(app.callback).patch(`${reviewsOf(businessId)}/${mine.id}`).set(carol.auth).send({ rating: 4, visitDate: null });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ rating: 4, text: 'Cold food' });
    expect(edited.body.data).not.toHaveProperty('visitDate');
    expect(await trustOf(businessId)).toMatchObject({ averageRating: 4.5, totalReviews: 2 });

    const byOther = await request(app.callback).patch(`${reviewsOf(businessId)}/${mine.id}`).set(dave.auth).send({ rating: 1 });
    expect(byOther.status).toBe(403);
    const empty = await request(app.callback).patch(`${reviewsOf(businessId)}/${mine.id}`).set(carol.auth).send({});
    expect(empty.status).toBe(400);
  });

  it('lets the owner reply once and edit the reply; others may not', async () => {
    const businessId = await publishedBusiness();
    const erin = await signUp(app, 'Erin');
    const written = (await review(erin, businessId, { rating: 3 })).body.data;
    const path = `${reviewsOf(businessId)}/${written.id}/reply`;

    const first = await request(app.callback).put(path).set(owner.auth).send({ text: 'Thanks, we are on it.' });
    expect(first.status).toBe(200);
    expect(first.body.data.reply).toMatchObject({ text: 'Thanks, we are on it.' });
    const again = await request(app.callback).put(path).set(owner.auth).send({ text: 'Fixed the oven!' });
    expect(again.body.data.reply.text).toBe('Fixed the oven!');
    expect(again.body.data.reply.createdAt).toBe(first.body.data.reply.createdAt);

    const byAuthor = await request(app.callback).put(path).set(erin.auth).send({ text: 'I reply to myself' });
    expect(byAuthor.status).toBe(403);
    const blank = await request(app.callback).put(path).set(owner.auth).send({ text: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.details.field).toBe('text');
    // A rating only changes with the review: the reply did not recount.
    expect(await trustOf(businessId)).toMatchObject({ averageRating: 3, totalReviews: 1 });
  });

  it('lets an admin hide a review with a reason kept for audit; it stops counting, and restoring counts it again', async () => {
    const businessId = await publishedBusiness();
    const frank = await signUp(app, 'Frank');
    const spam = (await review(frank, businessId, { rating: 1, text: 'Buy cheap watches' })).body.data;
    await review(await signUp(app, 'Gina'), businessId, { rating: 5 });
    expect(await trustOf(businessId)).toMatchObject({ averageRating: 3, totalReviews: 2 });
    const path = `${reviewsOf(businessId)}/${spam.id}/moderation`;

    const byOwner = await request(app.callback).put(path).set(owner.auth).send({ hidden: true, reason: 'spam' });
    expect(byOwner.status).toBe(403);
    const noReason = await request(app.callback).put(path).set(admin.auth).send({ hidden: true });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.details.field).toBe('reason');

    const hidden = await request(app.callback).put(path).set(admin.auth).send({ hidden: true, reason: 'Spam link' });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data.status).toBe('hidden');
    expect(hidden.body.data.moderation).toEqual([{ action: 'hidden', reason: 'Spam link', by: admin.accountId, at: expect.any(String) }]);
    expect(await trustOf(businessId)).toMatchObject({ averageRating: 5, totalReviews: 1 });

    const list = await request(app.callback).get(reviewsOf(businessId)).set(owner.auth);
    expect(list.body.data.reviews.map((r: { id: string }) => r.id)).not.toContain(spam.id);
    expect(list.body.data.histogram['1']).toBe(0);
    // Hidden: not found for others, still readable by its author (without the audit trail).
    expect((await request(app.callback).get(`${reviewsOf(businessId)}/${spam.id}`).set(owner.auth)).status).toBe(404);
    const forAuthor = await request(app.callback).get(`${reviewsOf(businessId)}/${spam.id}`).set(frank.auth);
    expect(forAuthor.body.data.status).toBe('hidden');
    expect(forAuthor.body.data).not.toHaveProperty('moderation');

    // Hiding again changes nothing; restoring appends to the trail and counts again.
    const twice = await request(app.callback).put(path).set(admin.auth).send({ hidden: true, reason: 'again' });
    expect(twice.body.data.moderation).toHaveLength(1);
    const restored = await request(app.callback).put(path).set(admin.auth).send({ hidden: false, reason: 'Appeal accepted' });
    expect(restored.body.data.moderation.map((entry: { action: string; reason: string }) => [entry.action, entry.reason])).toEqual([
      ['hidden', 'Spam link'],
      ['restored', 'Appeal accepted'],
    ]);
    expect(await trustOf(businessId)).toMatchObject({ averageRating: 3, totalReviews: 2 });
  });
});

describe('trust numbers in search', () => {
  it('flows the real average and count through the change feed into the directory listing', async () => {
    const name = `Rating Flow Cafe ${Date.now()}`;
    const businessId = await publishedBusiness({ name });
    await review(await signUp(app, 'h1'), businessId, { rating: 4 });
    await review(await signUp(app, 'h2'), businessId, { rating: 5 });
    await review(await signUp(app, 'h3'), businessId, { rating: 5 });
    await untilIndexed(app);
    const listing = await request(app.callback).get(`/v1/api/v1/directory?query=${encodeURIComponent(name)}&sortBy=rating`).set(owner.auth);
    expect(listing.status).toBe(200);
    const item = listing.body.data.businesses.find((business: { id: string }) => business.id === businessId);
    // (4 + 5 + 5) / 3 = 4.67 -> 4.7
    expect(item).toMatchObject({ averageRating: 4.7, reviewCount: 3 });
  });
});

describe('concurrent reviews (SQLite)', () => {
  it('keeps the trust numbers exact when twelve accounts review at once', async () => {
    const businessId = await publishedBusiness();
    const authors = await Promise.all(Array.from({ length: 12 }, (_, i) => signUp(app, `parallel${i}`)));
    // Ratings 1..5, 1..5, 1, 2: sum 33, count 12 -> 2.75 -> 2.8
    const ratings = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2];
    const responses = await Promise.all(authors.map((author, i) => review(author, businessId, { rating: ratings[i] })));
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(201));
    expect(await trustOf(businessId)).toMatchObject({ averageRating: 2.8, totalReviews: 12 });
  });
});
