import request from 'supertest';
import type { MediaStorage } from '../../src/ports/mediaStorage';
import { completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, type TestApp } from './testApp';

// A real 1x1 PNG and the start of an MP4 (ftyp box, brand isom).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const MP4 = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(64)]);

let app: TestApp;
let owner: Actor;
let businessId: string;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'media');
  businessId = (await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody())).body.data.id;
});
afterAll(() => app.close());

function upload(type: string, bytes: Buffer, filename: string, contentType = 'application/octet-stream') {
  return request(app.callback).post('/v1/business/profile/media').set(owner.auth).field('type', type).attach('file', bytes, { filename, contentType });
}

it('uploads a logo, sets media.logo and serves it with the sniffed content type', async () => {
  const response = await upload('logo', PNG, 'logo.bin');
  expect(response.status).toBe(201);
  expect(response.body.data).toMatchObject({ id: expect.stringMatching(/^med_/), url: expect.stringMatching(/^\/v1\/media\/med_/), type: 'logo', uploadedAt: expect.any(String) });
  const profile = await request(app.callback).get(`/v1/business/profile/${businessId}`).set(owner.auth);
  expect(profile.body.data.media.logo).toBe(response.body.data.url);
  const served = await request(app.callback).get(response.body.data.url).set(owner.auth);
  expect(served.status).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');
  expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
});

it('appends photos and accepts a video decided from its bytes', async () => {
  const photo = await upload('photo', PNG, 'a.jpg', 'image/jpeg');
  expect(photo.status).toBe(201);
  const video = await upload('video', MP4, 'clip.mov', 'video/quicktime');
  expect(video.status).toBe(201);
  expect(video.body.data.contentType).toBe('video/mp4');
  const profile = await request(app.callback).get(`/v1/business/profile/${businessId}`).set(owner.auth);
  expect(profile.body.data.media.photos).toContain(photo.body.data.url);
});

it('rejects a text file named .png whatever its declared type', async () => {
  const response = await upload('photo', Buffer.from('just some text, not an image'), 'fake.png', 'image/png');
  expect(response.status).toBe(400);
  expect(response.body.error.code).toBe('VALIDATION_ERROR');
  expect(response.body.error.details.field).toBe('file');
});

it('rejects an image uploaded as a video and an unknown type', async () => {
  const wrongKind = await upload('video', PNG, 'x.mp4');
  expect(wrongKind.status).toBe(400);
  const unknownType = await upload('banner', PNG, 'x.png');
  expect(unknownType.status).toBe(400);
  expect(unknownType.body.error.details.field).toBe('type');
});

it('rejects a logo over 2 MB', async () => {
  const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1)]);
  const response = await upload('logo', big, 'big.png');
  expect([400, 413]).toContain(response.status);
  expect(response.body.success).toBe(false);
});

it('answers 415 for an upload that is not multipart', async () => {
  const response = await request(app.callback).post('/v1/business/profile/media').set(owner.auth).send({ type: 'logo' });
  expect(response.status).toBe(415);
});

it('deletes a media item, removes it from the profile and stops serving it', async () => {
  const photo = (await upload('photo', PNG, 'gone.png')).body.data;
  const deleted = await request(app.callback).delete(`/v1/business/profile/media/${photo.id}`).set(owner.auth);
  expect(deleted.status).toBe(200);
  expect(deleted.body.data).toEqual({ id: photo.id, deleted: true });
  const profile = await request(app.callback).get(`/v1/business/profile/${businessId}`).set(owner.auth);
  expect(profile.body.data.media.photos).not.toContain(photo.url);
  expect((await request(app.callback).get(photo.url).set(owner.auth)).status).toBe(404);
});

it('answers 422 MEDIA_UPLOAD_FAILED when storage fails, and stores nothing', async () => {
  const failing: MediaStorage = {
    put: async () => {
      throw new Error('disk full');
    },
    get: async () => null,
    delete: async () => undefined,
  };
  const faulty = await buildTestApp({ mediaStorage: failing });
  try {
    const actor = await signUp(faulty, 'faulty');
    const id = (await request(faulty.callback).post('/v1/business/profile').set(actor.auth).send(completeProfileBody())).body.data.id;
    const response = await request(faulty.callback).post('/v1/business/profile/media').set(actor.auth).field('type', 'logo').attach('file', PNG, 'logo.png');
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('MEDIA_UPLOAD_FAILED');
    expect(JSON.stringify(response.body)).not.toMatch(/disk full/);
    const profile = await request(faulty.callback).get(`/v1/business/profile/${id}`).set(actor.auth);
    expect(profile.body.data.media.logo).toBeUndefined();
  } finally {
    await faulty.close();
  }
});
