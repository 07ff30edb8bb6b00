import request from 'supertest';
import type { MediaStorage } from '../../src/ports/mediaStorage';
import { ERROR_CODES } from '../../src/schemas/errorCodes';
import { buildOpenApiDocument } from '../../src/openapi/openApiDocument';
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

// The documented answers (uploadMedia description and the error table): a file over its type's
// cap or in a format the type does not accept is bad input on `file`, 400 VALIDATION_ERROR.
it('answers 400 VALIDATION_ERROR on file for a logo over 2 MB, naming the cap', async () => {
  const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1)]);
  const response = await upload('logo', big, 'big.png');
  expect(response.status).toBe(400);
  expect(response.body.error.code).toBe('VALIDATION_ERROR');
  expect(response.body.error.details.field).toBe('file');
  expect(response.body.error.details.issue).toMatch(/up to 2 MB/);
});

it('answers 400 VALIDATION_ERROR on file for HTML sent as image/png', async () => {
  const response = await upload('photo', Buffer.from('<html><script>alert(1)</script></html>'), 'evil.png', 'image/png');
  expect(response.status).toBe(400);
  expect(response.body.error.code).toBe('VALIDATION_ERROR');
  expect(response.body.error.details).toEqual({ field: 'file', issue: expect.stringMatching(/^is not a recognised image or video/) });
});

it('documents those answers: 400 VALIDATION_ERROR on file, 413 only over 100 MB, 422 only for storage', () => {
  const operation = (buildOpenApiDocument() as any).paths['/business/profile/media'].post;
  expect(operation.description).toMatch(/over its type's cap, empty, or whose bytes are not an accepted format[^.]*400 VALIDATION_ERROR/);
  expect(operation.description).toMatch(/Only a file over 100 MB[^.]*413/);
  expect(operation.responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
  expect(ERROR_CODES.MEDIA_UPLOAD_FAILED.description).not.toMatch(/format/);
});

it('answers 400 "only one file may be uploaded per request" for two file parts, whatever their names', async () => {
  const twoFiles = await request(app.callback)
    .post('/v1/business/profile/media')
    .set(owner.auth)
    .field('type', 'logo')
    .attach('file', PNG, 'a.png')
    .attach('file', PNG, 'b.png');
  const typeAsFile = await request(app.callback).post('/v1/business/profile/media').set(owner.auth).attach('type', PNG, 'type.png').attach('file', PNG, 'a.png');
  for (const response of [twoFiles, typeAsFile]) {
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual({ field: 'file', issue: 'only one file may be uploaded per request' });
  }
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

describe('who may read and delete media', () => {
  let viewer: Actor;
  beforeAll(async () => {
    viewer = await signUp(app, 'media-viewer');
  });

  async function shopWithPhoto() {
    const id = (await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody())).body.data.id as string;
    const photo = await request(app.callback).post('/v1/business/profile/media').set(owner.auth).field('type', 'photo').field('businessId', id).attach('file', PNG, 'p.png');
    return { id, photo: photo.body.data as { id: string; url: string } };
  }

  it('hides a draft profile\'s media from other accounts with the 404 of an unknown id; the owner reads them', async () => {
    const { id, photo } = await shopWithPhoto();
    const hidden = await request(app.callback).get(photo.url).set(viewer.auth);
    const unknown = await request(app.callback).get('/v1/media/med_unknownUnknown0000001').set(viewer.auth);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toEqual({ code: unknown.body.error.code, message: `Media ${photo.id} does not exist` });
    expect((await request(app.callback).get(photo.url).set(owner.auth)).status).toBe(200);

    await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ status: 'published' });
    expect((await request(app.callback).get(photo.url).set(viewer.auth)).status).toBe(200);
  });

  it('hides a deleted profile\'s media from others; the owner can still read and delete them', async () => {
    const { id, photo } = await shopWithPhoto();
    await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ status: 'published' });
    expect((await request(app.callback).delete(`/v1/business/profile/${id}`).set(owner.auth)).status).toBe(200);

    expect((await request(app.callback).get(photo.url).set(viewer.auth)).status).toBe(404);
    expect((await request(app.callback).get(photo.url).set(owner.auth)).status).toBe(200);
    const removed = await request(app.callback).delete(`/v1/business/profile/media/${photo.id}`).set(owner.auth);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ id: photo.id, deleted: true });
    expect((await request(app.callback).get(photo.url).set(owner.auth)).status).toBe(404);
    expect(await app.store.media.get(photo.id)).toBeNull();
  });

  it('still refuses another account\'s delete of a published profile\'s media', async () => {
    const { id, photo } = await shopWithPhoto();
    await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ status: 'published' });
    expect((await request(app.callback).delete(`/v1/business/profile/media/${photo.id}`).set(viewer.auth)).status).toBe(403);
    expect((await request(app.callback).get(photo.url).set(viewer.auth)).status).toBe(200);
  });
});
