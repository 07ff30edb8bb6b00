import request from 'supertest';
import { completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
let owner: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'owner');
});
afterAll(() => app.close());

async function createProfile(body: Record<string, unknown> = completeProfileBody(), actor = owner) {
  const response = await request(app.callback).post('/v1/business/profile').set(actor.auth).send(body);
  expect(response.status).toBe(201);
  return response.body.data.id as string;
}

describe('POST /v1/business/profile', () => {
  it('creates a draft and returns id, name, status, createdAt in the envelope', async () => {
    const body = completeProfileBody();
    const response = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(body);
    expect(response.status).toBe(201);
    expect(response.body.success).toBe(true);
    expect(response.body.data).toEqual({ id: expect.stringMatching(/^biz_[A-Za-z0-9]+$/), name: body.name, status: 'draft', createdAt: expect.any(String) });
    expect(response.body.meta).toEqual({ timestamp: expect.any(String), requestId: expect.stringMatching(/^req_/) });
    expect(response.headers.etag).toBe('"v1"');
  });

  it('rejects a missing name with the field and issue', async () => {
    const { name: _name, ...body } = completeProfileBody();
    const response = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details).toEqual({ field: 'name', issue: expect.stringMatching(/required/) });
  });

  it.each([
    ['location.coordinates.lat', { location: { coordinates: { lat: 91, lon: 0 } } }],
    ['location.coordinates.lon', { location: { coordinates: { lat: 0, lon: -181 } } }],
    ['contact.website', { contact: { website: 'http://insecure.example' } }],
    ['contact.email', { contact: { email: 'not-an-email' } }],
    ['hours.monday', { hours: { monday: { open: '24:00', close: '25:00' } } }],
    ['status', { status: 'published' }],
    ['trust', { trust: { verificationLevel: 'certified' } }],
  ])('names %s when it is invalid or not allowed', async (field, override) => {
    const response = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody(override));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details.field).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}`));
  });

  it('rejects a range price whose minimum is above its maximum', async () => {
    const body = completeProfileBody({ services: [{ name: 'Catering', pricing: { type: 'range', currency: 'USD', minAmount: 50, maxAmount: 10 } }] });
    const response = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(body);
    expect(response.status).toBe(400);
    expect(response.body.error.details.field).toMatch(/^services\.0\.pricing/);
  });

  it('answers DUPLICATE_PROFILE for the same name, postal code and country', async () => {
    const body = completeProfileBody();
    await createProfile(body);
    const copy = { ...body, contact: { email: 'other@example.com' } };
    const response = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(copy);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('DUPLICATE_PROFILE');
    expect(response.body.error.details.field).toBe('name');
  });

  it('answers DUPLICATE_PROFILE for the same phone written differently', async () => {
    const first = completeProfileBody({ contact: { phone: '+1 (512) 555-0142' } });
    await createProfile(first);
    const second = completeProfileBody({ contact: { phone: '512.555.0142' } });
    const response = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(second);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('DUPLICATE_PROFILE');
    expect(response.body.error.details).toEqual({ field: 'contact.phone', issue: expect.any(String) });
  });
});

describe('GET /v1/business/profile/{id}', () => {
  it('returns the full profile of spec 2.2 with an ETag', async () => {
    const body = completeProfileBody();
    const id = await createProfile(body);
    const response = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
    expect(response.status).toBe(200);
    expect(response.headers.etag).toBe('"v1"');
    const profile = response.body.data;
    expect(profile).toMatchObject({
      id,
      name: body.name,
      category: 'restaurants',
      location: body.location,
      status: 'draft',
      media: { photos: [] },
      trust: { verificationLevel: 'none', averageRating: 0, totalReviews: 0 },
      services: [],
    });
    expect(profile.contact.phone).toMatch(/^\+1512555\d{4}$/);
    expect(profile).not.toHaveProperty('ownerId');
    expect(profile).not.toHaveProperty('dedupeKeys');
  });

  it('answers PROFILE_NOT_FOUND for an unknown id', async () => {
    const response = await request(app.callback).get('/v1/business/profile/biz_doesnotexist00000000').set(owner.auth);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('PROFILE_NOT_FOUND');
  });
});

describe('PATCH /v1/business/profile/{id}', () => {
  it('deep-merges nested objects and some days of hours, and moves updatedAt', async () => {
    const id = await createProfile();
    const before = (await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth)).body.data;
    const response = await request(app.callback)
      .patch(`/v1/business/profile/${id}`)
      .set(owner.auth)
      .send({ tagline: 'New tagline', location: { address: { street: '1500 S Congress Ave' } }, hours: { sunday: { open: '10:00', close: '15:00' } } });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ id, status: 'draft', publicPage: { setting: 'indexed', path: null }, updatedAt: expect.any(String) });
    expect(response.body.data.updatedAt > before.updatedAt || response.body.data.updatedAt === before.updatedAt).toBe(true);
    const after = (await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth)).body.data;
    expect(after.tagline).toBe('New tagline');
    expect(after.location.address).toEqual({ ...before.location.address, street: '1500 S Congress Ave' });
    expect(after.location.coordinates).toEqual(before.location.coordinates);
    expect(after.hours.monday).toEqual(before.hours.monday);
    expect(after.hours.sunday).toEqual({ open: '10:00', close: '15:00' });
  });

  it('honours If-Match and answers 412 for a stale ETag', async () => {
    const id = await createProfile();
    const first = await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).set('If-Match', '"v1"').send({ tagline: 'one' });
    expect(first.status).toBe(200);
    expect(first.headers.etag).toBe('"v2"');
    const stale = await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).set('If-Match', '"v1"').send({ tagline: 'two' });
    expect(stale.status).toBe(412);
    expect(stale.body.error.code).toBe('PRECONDITION_FAILED');
    const current = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
    expect(current.body.data.tagline).toBe('one');
  });

  it('rejects an empty patch', async () => {
    const id = await createProfile();
    const response = await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({});
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses to publish an incomplete profile and names what is missing', async () => {
    const id = await createProfile({ name: 'Bare Bones Cafe', category: 'cafes' });
    const response = await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ status: 'published' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details.field).toBe('status');
    expect(response.body.error.details.issue).toMatch(/description/);
    expect(response.body.error.details.issue).toMatch(/hours/);
  });

  it('publishes a complete profile', async () => {
    const id = await createProfile();
    const response = await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ status: 'published' });
    expect(response.status).toBe(200);
    expect(response.body.data.status).toBe('published');
  });
});

describe('PATCH with null', () => {
  it('location: null leaves an empty location, as a create without one', async () => {
    const id = await createProfile();
    const response = await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ location: null });
    expect(response.status).toBe(200);
    const after = (await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth)).body.data;
    expect(after.location).toEqual({});
    const restored = await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ location: { address: { city: 'Austin' } } });
    expect(restored.status).toBe(200);
    expect((await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth)).body.data.location).toEqual({ address: { city: 'Austin' } });
  });

  it('services: null clears the services', async () => {
    const id = await createProfile(completeProfileBody({ services: [{ name: 'Lunch bowl' }] }));
    const response = await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ services: null });
    expect(response.status).toBe(200);
    expect((await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth)).body.data.services).toEqual([]);
  });
});

describe('a published profile keeps what publishing requires', () => {
  async function publishedProfile(): Promise<string> {
    const id = await createProfile();
    expect((await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ status: 'published' })).status).toBe(200);
    return id;
  }

  it('refuses location: null, naming the first field it would remove and listing all', async () => {
    const id = await publishedProfile();
    const response = await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ location: null });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details).toEqual({ field: 'location.address.city', issue: expect.stringContaining('location.address.city, location.address.country, location.coordinates') });
    expect(response.body.error.message).toMatch(/status to draft/);
    const after = (await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth)).body.data;
    expect(after.location.address.city).toBe('Austin');
  });

  it('refuses clearing hours, contact and description together, naming description first', async () => {
    const id = await publishedProfile();
    const response = await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ hours: null, contact: null, description: null });
    expect(response.status).toBe(400);
    expect(response.body.error.details.field).toBe('description');
    expect(response.body.error.message).toMatch(/missing: description, contact, hours\./);
    const status = (await request(app.callback).get(`/v1/business/profile/status?businessId=${id}`).set(owner.auth)).body.data;
    expect(status).toMatchObject({ profileComplete: true, status: 'published' });
  });

  it('refuses removing the last open day through PATCH .../hours', async () => {
    const id = await publishedProfile();
    const response = await request(app.callback).patch(`/v1/business/profile/${id}/hours`).set(owner.auth).send({ monday: null, tuesday: null });
    expect(response.status).toBe(400);
    expect(response.body.error.details.field).toBe('hours');
    const kept = await request(app.callback).patch(`/v1/business/profile/${id}/hours`).set(owner.auth).send({ monday: null });
    expect(kept.status).toBe(200);
  });

  it('allows the same change together with status draft', async () => {
    const id = await publishedProfile();
    const response = await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ status: 'draft', location: null });
    expect(response.status).toBe(200);
    expect(response.body.data.status).toBe('draft');
  });
});

describe('duplicate identity', () => {
  it('treats a ZIP+4 as its five-digit ZIP', async () => {
    const body = completeProfileBody({ contact: { email: 'zip@example.com' } });
    await createProfile(body);
    const address = { ...(body.location as { address: object }).address, postalCode: `${(body.location as { address: { postalCode: string } }).address.postalCode}-1234` };
    const response = await request(app.callback)
      .post('/v1/business/profile')
      .set(owner.auth)
      .send({ ...body, location: { address }, contact: { email: 'other@example.com' } });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('DUPLICATE_PROFILE');
    expect(response.body.error.details.field).toBe('name');
  });

  it('finds an Italian number written nationally and internationally', async () => {
    const roma = (name: string, phone: string) => ({ name, category: 'cafes', location: { address: { country: 'IT' } }, contact: { phone } });
    await createProfile(roma('Roma Uno', '06 1234 5678'));
    const response = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(roma('Roma Due', '+39 06 1234 5678'));
    expect(response.status).toBe(409);
    expect(response.body.error.details.field).toBe('contact.phone');
  });

  it('asks for the country code when a national number cannot be read for the address country', async () => {
    const response = await request(app.callback)
      .post('/v1/business/profile')
      .set(owner.auth)
      .send({ name: 'Seoul Cafe', category: 'cafes', location: { address: { country: 'KR' } }, contact: { phone: '02-312-3456' } });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual({ field: 'contact.phone', issue: expect.stringMatching(/^must start with \+ and the country calling code/) });
  });
});

describe('DELETE /v1/business/profile/{id}', () => {
  it('removes the profile from reads and releases its identity for a new profile', async () => {
    const body = completeProfileBody();
    const id = await createProfile(body);
    const deleted = await request(app.callback).delete(`/v1/business/profile/${id}`).set(owner.auth);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id, deleted: true });
    const read = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
    expect(read.status).toBe(404);
    expect(await app.store.profiles.get('live', id, { includeDeleted: true })).toMatchObject({ id, deletedAt: expect.any(String) });
    await createProfile(body);
  });
});

describe('GET /v1/business/profile/status', () => {
  it('reports completion with missing fields and recommendations', async () => {
    const solo = await signUp(app, 'solo');
    await createProfile({ name: 'Solo Plumbing', category: 'plumbing' }, solo);
    const response = await request(app.callback).get('/v1/business/profile/status').set(solo.auth);
    expect(response.status).toBe(200);
    const status = response.body.data;
    expect(status.profileComplete).toBe(false);
    expect(status.status).toBe('draft');
    expect(status.completionPercentage).toBeGreaterThan(0);
    expect(status.completionPercentage).toBeLessThan(50);
    expect(status.missingFields).toEqual(['description', 'location.address.city', 'location.address.country', 'location.coordinates', 'contact', 'hours']);
    expect(status.recommendedFields).toEqual([
      'services', 'exclusiveContent', 'media.photos', 'contact.phone', 'contact.email', 'media.logo', 'tagline',
      'location.address.street', 'location.address.postalCode', 'location.address.state',
    ]);
    expect(status.recommendations).toHaveLength(16);
    expect(status.recommendations.every((text: string) => text.length > 10)).toBe(true);
  });

  it('says complete only with no required field missing, and lists what is only recommended apart', async () => {
    const polished = await signUp(app, 'polished');
    // Everything required; no services, photos, logo or exclusive content.
    await createProfile(completeProfileBody(), polished);
    const response = await request(app.callback).get('/v1/business/profile/status').set(polished.auth);
    expect(response.status).toBe(200);
    const status = response.body.data;
    expect(status.profileComplete).toBe(true);
    expect(status.missingFields).toEqual([]);
    expect(status.recommendedFields).toEqual(['services', 'exclusiveContent', 'media.photos', 'media.logo']);
    expect(status.recommendations).toHaveLength(4);
    expect(status.recommendations[0]).toMatch(/^List at least one service/);
    expect(status.completionPercentage).toBe(100 - 10 - 9 - 6 - 4);
  });

  it('requires businessId when the account owns several profiles', async () => {
    const multi = await signUp(app, 'multi');
    const first = await createProfile(completeProfileBody(), multi);
    await createProfile(completeProfileBody(), multi);
    const ambiguous = await request(app.callback).get('/v1/business/profile/status').set(multi.auth);
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.error.details.field).toBe('businessId');
    const chosen = await request(app.callback).get(`/v1/business/profile/status?businessId=${first}`).set(multi.auth);
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.businessId).toBe(first);
    expect(chosen.body.data.completionPercentage).toBeGreaterThan(50);
  });
});

describe('hours, blackout dates and exclusive content', () => {
  it('PATCH hours changes only the named days and returns id, hours, updatedAt', async () => {
    const id = await createProfile();
    const response = await request(app.callback).patch(`/v1/business/profile/${id}/hours`).set(owner.auth).send({ friday: { open: '18:00', close: '02:00' } });
    expect(response.status).toBe(200);
    expect(response.body.data.id).toBe(id);
    expect(response.body.data.hours.friday).toEqual({ open: '18:00', close: '02:00' });
    expect(response.body.data.hours.monday).toEqual({ open: '11:00', close: '22:00' });
    expect(response.body.data.updatedAt).toEqual(expect.any(String));
  });

  it('adds, lists and removes blackout dates, rejecting dates that do not exist', async () => {
    // Future dates (past ones are dropped on write, see blackoutDates.test.ts).
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const [first, second] = [inDays(30), inDays(31)];
    const id = await createProfile();
    const added = await request(app.callback).post(`/v1/business/profile/${id}/blackout-dates`).set(owner.auth).send({ dates: [second, first] });
    expect(added.status).toBe(200);
    expect(added.body.data.blackoutDates).toEqual([first, second]);
    const invalid = await request(app.callback).post(`/v1/business/profile/${id}/blackout-dates`).set(owner.auth).send({ dates: ['2026-02-30'] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details.field).toMatch(/^dates/);
    const listed = await request(app.callback).get(`/v1/business/profile/${id}/blackout-dates`).set(owner.auth);
    expect(listed.body.data.blackoutDates).toEqual([first, second]);
    const removed = await request(app.callback).delete(`/v1/business/profile/${id}/blackout-dates?dates=${first}`).set(owner.auth);
    expect(removed.status).toBe(200);
    expect(removed.body.data.blackoutDates).toEqual([second]);
  });

  it('scores exclusive content and gives a copied text a low uniqueness score', async () => {
    const original = {
      insiderTips: 'Ask for the off-menu jackfruit carnitas on Tuesdays; Maria makes only 40 portions and they sell out by 1pm.',
      localSecrets: 'The patio behind the bike shop at 1402 S Congress has the only shade on the block after 3pm.',
    };
    const first = await createProfile();
    const scored = await request(app.callback).patch(`/v1/business/profile/${first}/exclusive-content`).set(owner.auth).send(original);
    expect(scored.status).toBe(200);
    expect(scored.body.data).toEqual({ updated: true, visibilityScore: expect.any(Number), uniquenessScore: expect.any(Number) });
    expect(scored.body.data.uniquenessScore).toBeGreaterThan(80);
    expect(scored.body.data.visibilityScore).toBeGreaterThan(0);
    expect(scored.body.data.visibilityScore).toBeLessThanOrEqual(100);

    const copier = await createProfile();
    const copied = await request(app.callback).patch(`/v1/business/profile/${copier}/exclusive-content`).set(owner.auth).send(original);
    expect(copied.status).toBe(200);
    expect(copied.body.data.uniquenessScore).toBeLessThan(20);
  });

  it('answers updated: false and keeps the revision when the exclusive content sent is what is stored', async () => {
    const id = await createProfile();
    const content = { insiderTips: 'The chef cooks a staff curry on Thursdays; ask and you may get a bowl.' };
    const first = await request(app.callback).patch(`/v1/business/profile/${id}/exclusive-content`).set(owner.auth).send(content);
    expect(first.body.data.updated).toBe(true);
    const stored = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
    const again = await request(app.callback).patch(`/v1/business/profile/${id}/exclusive-content`).set(owner.auth).send({ ...content, localSecrets: null });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ updated: false, ...stored.body.data.exclusiveScores });
    expect(again.headers.etag).toBe(stored.headers.etag);
    const after = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
    expect([after.headers.etag, after.body.data.updatedAt]).toEqual([stored.headers.etag, stored.body.data.updatedAt]);
  });

  it('returns hours Monday first whatever order they were sent in', async () => {
    const id = await createProfile(completeProfileBody({ hours: { sunday: { closed: true }, friday: { open: '17:00', close: '23:00' }, monday: { open: '11:00', close: '22:00' } } }));
    const read = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
    expect(Object.keys(read.body.data.hours)).toEqual(['monday', 'friday', 'sunday']);
    const patched = await request(app.callback).patch(`/v1/business/profile/${id}/hours`).set(owner.auth).send({ saturday: { closed: true }, tuesday: { open: '09:00', close: '17:00' } });
    expect(Object.keys(patched.body.data.hours)).toEqual(['monday', 'tuesday', 'friday', 'saturday', 'sunday']);
  });
});

describe('derived and normalised fields', () => {
  it('shows the time zone derived from the coordinates, and null without coordinates', async () => {
    const austin = await createProfile();
    expect((await request(app.callback).get(`/v1/business/profile/${austin}`).set(owner.auth)).body.data.timeZone).toBe('America/Chicago');
    const tokyo = await createProfile(completeProfileBody({ location: { coordinates: { lat: 35.6762, lon: 139.6503 } } }));
    expect((await request(app.callback).get(`/v1/business/profile/${tokyo}`).set(owner.auth)).body.data.timeZone).toBe('Asia/Tokyo');
    const nowhere = await createProfile(completeProfileBody({ location: undefined }));
    expect((await request(app.callback).get(`/v1/business/profile/${nowhere}`).set(owner.auth)).body.data.timeZone).toBeNull();
    const refused = await request(app.callback).patch(`/v1/business/profile/${austin}`).set(owner.auth).send({ timeZone: 'Europe/Paris' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.field).toBe('timeZone');
  });

  it('drops white space around every address line (postal code, city, state, street), on create and on PATCH', async () => {
    const body = completeProfileBody();
    const address = (body.location as { address: Record<string, string> }).address;
    const id = await createProfile({ ...body, location: { ...body.location, address: { ...address, postalCode: '78704 ', city: '  Austin ', state: 'TX ' } } });
    const created = (await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth)).body.data.location.address;
    expect(created).toMatchObject({ postalCode: '78704', city: 'Austin', state: 'TX' });
    const patched = await request(app.callback)
      .patch(`/v1/business/profile/${id}`)
      .set(owner.auth)
      .send({ location: { address: { postalCode: ' 78701-1234\t', street: ' 100 Congress Ave  ' } } });
    expect(patched.status).toBe(200);
    const read = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
    expect(read.body.data.location.address).toMatchObject({ postalCode: '78701-1234', city: 'Austin', street: '100 Congress Ave' });
  });

  it.each([
    [{ type: 'fixed', currency: 'JPY', amount: 10.5 }, 'services.0.pricing.amount', /whole number in JPY/],
    [{ type: 'hourly', currency: 'USD', amount: 1.234 }, 'services.0.pricing.amount', /at most 2 decimal places in USD/],
    [{ type: 'range', currency: 'KWD', minAmount: 1.2345, maxAmount: 3 }, 'services.0.pricing.minAmount', /at most 3 decimal places/],
  ])('refuses %o, finer than the currency\'s minor unit', async (pricing, field, issue) => {
    const body = completeProfileBody({ services: [{ name: 'Omakase', pricing }] });
    const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(body);
    expect(created.status).toBe(400);
    expect(created.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field, issue: expect.stringMatching(issue) } });
    const id = await createProfile();
    const patched = await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ services: [{ name: 'Omakase', pricing }] });
    expect(patched.status).toBe(400);
    expect(patched.body.error.details.field).toBe(field);
  });

  it('accepts amounts within the minor unit (JPY whole, USD cents, BHD three decimals)', async () => {
    const services = [
      { name: 'Omakase', pricing: { type: 'fixed', currency: 'JPY', amount: 15000 } },
      { name: 'Lunch', pricing: { type: 'fixed', currency: 'USD', amount: 12.99 } },
      { name: 'Tea', pricing: { type: 'range', currency: 'BHD', minAmount: 0.5, maxAmount: 1.125 } },
    ];
    const id = await createProfile(completeProfileBody({ services }));
    const read = await request(app.callback).get(`/v1/business/profile/${id}`).set(owner.auth);
    expect(read.body.data.services.map((service: { pricing: unknown }) => service.pricing)).toEqual(services.map((service) => service.pricing));
  });
});
