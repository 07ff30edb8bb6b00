// Media endpoints (spec 4.3): upload to the caller's business, delete, and serve the bytes.
import Router from '@koa/router';
import { ValidationError } from '../domain/errors';
import type { MediaType } from '../domain/media';
import { created, ok } from '../http/envelope';
import { multipartBody, type UploadedFile } from '../http/multipartBody';
import { principalOf } from '../http/principal';
import type { MediaService } from '../services/mediaService';
import { protect, type RouteGuards } from './routeGuards';

const MEDIA_TYPES: MediaType[] = ['photo', 'video', 'logo'];
const BUSINESS_ID = /^biz_[A-Za-z0-9]{6,40}$/;

/** The multipart fields besides the file, checked by hand: ajv sees no JSON here. */
function uploadFields(fields: Record<string, unknown>): { type: MediaType; businessId?: string } {
  for (const name of Object.keys(fields)) {
    if (name !== 'type' && name !== 'businessId') throw new ValidationError(name, 'is not an allowed field');
  }
  const { type, businessId } = fields;
  if (type === undefined) throw new ValidationError('type', 'is required');
  if (typeof type !== 'string' || !MEDIA_TYPES.includes(type as MediaType)) {
    throw new ValidationError('type', `must be one of ${MEDIA_TYPES.join(', ')}`);
  }
  if (businessId !== undefined && (typeof businessId !== 'string' || !BUSINESS_ID.test(businessId))) {
    throw new ValidationError('businessId', 'must be a business id (biz_...)');
  }
  return { type: type as MediaType, ...(businessId !== undefined && { businessId: businessId as string }) };
}

export function mediaRoutes({ guards, media }: { guards: RouteGuards; media: MediaService }): Router {
  const router = new Router();
  const read = protect(guards, 'general', 'read:businesses');
  const write = protect(guards, 'general', 'write:businesses');

  router.post('/business/profile/media', write, multipartBody(), async (ctx) => {
    const fields = uploadFields((ctx.request.body ?? {}) as Record<string, unknown>);
    const file = ctx.state.file as UploadedFile;
    created(ctx, await media.upload(principalOf(ctx), { ...fields, bytes: file.bytes }));
  });

  router.delete('/business/profile/media/:mediaId', write, async (ctx) => {
    ok(ctx, await media.remove(principalOf(ctx), ctx.params.mediaId));
  });

  router.get('/media/:mediaId', read, async (ctx) => {
    const blob = await media.read(principalOf(ctx), ctx.params.mediaId);
    ctx.set('Content-Type', blob.contentType);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'private, max-age=86400, immutable');
    ctx.body = blob.bytes;
  });

  return router;
}
