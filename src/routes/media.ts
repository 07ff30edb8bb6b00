// Media endpoints (spec 4.3): upload to the caller's business, delete, and serve the bytes.
import Router from '@koa/router';
import { created, ok } from '../http/envelope';
import { multipartBody, type UploadedFile } from '../http/multipartBody';
import { principalOf } from '../http/principal';
import { assertValid } from '../schemas/check';
import { type MediaUploadFields, mediaUploadFieldsSchema } from '../schemas/endpoints/media';
import type { MediaService } from '../services/mediaService';
import { protect, type RouteGuards } from './routeGuards';

export function mediaRoutes({ guards, media }: { guards: RouteGuards; media: MediaService }): Router {
  const router = new Router();
  const guarded = protect(guards, 'general');

  router.post('/business/profile/media', guarded, multipartBody(), async (ctx) => {
    const fields = assertValid<MediaUploadFields>(mediaUploadFieldsSchema, ctx.request.body ?? {});
    const file = ctx.state.file as UploadedFile;
    created(ctx, await media.upload(principalOf(ctx), { ...fields, bytes: file.bytes }));
  });

  router.delete('/business/profile/media/:mediaId', guarded, async (ctx) => {
    ok(ctx, await media.remove(principalOf(ctx), ctx.params.mediaId));
  });

  router.get('/media/:mediaId', guarded, async (ctx) => {
    const blob = await media.read(principalOf(ctx), ctx.params.mediaId);
    ctx.set('Content-Type', blob.contentType);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'private, max-age=86400, immutable');
    ctx.body = blob.bytes;
  });

  return router;
}
