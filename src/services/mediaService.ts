// Uploaded photos, videos and logos (spec 4.3 media rows). The content type comes from the
// file's bytes (domain/mediaSniffer.ts), never from its name or the client's header.
import { hasPublicPage } from '../domain/publicPage/publicVisibility';
import { MediaUploadFailedError, NotFoundError, ForbiddenError, ProfileNotFoundError } from '../domain/errors';
import { newId } from '../domain/ids';
import type { MediaRecord, MediaType } from '../domain/media';
import { checkUpload } from '../domain/mediaSniffer';
import type { Principal } from '../domain/principal';
import type { ProfileMedia } from '../domain/profile';
import type { Logger } from '../logger';
import type { MediaStorage, StoredBlob } from '../ports/mediaStorage';
import type { Store } from '../ports/store';
import type { Clock, ProfileAccess } from './profileMutation';
import type { ProfileService } from './profileService';
import { mediaUploadedEvent } from './webhooks/webhookEvents';

export interface UploadInput {
  type: MediaType;
  businessId?: string;
  bytes: Buffer;
}

export function mediaPath(mediaId: string): string {
  return `/v1/media/${mediaId}`;
}

export function createMediaService(deps: {
  store: Store;
  storage: MediaStorage;
  access: ProfileAccess;
  profiles: ProfileService;
  clock: Clock;
  logger: Logger;
}) {
  const { store, storage, access, profiles, clock, logger } = deps;

  async function upload(principal: Principal, input: UploadInput) {
    const business = await profiles.resolveOwned(principal, input.businessId);
    const { contentType } = checkUpload(input.type, input.bytes);
    const id = newId('med');
    const storageKey = `${principal.environment}/${business.id}/${id}`;
    try {
      await storage.put(storageKey, input.bytes, contentType);
    } catch (error) {
      logger.error({ err: error, businessId: business.id }, 'media storage failed');
      throw new MediaUploadFailedError('The file could not be stored; try again later');
    }
    const uploadedAt = clock().toISOString();
    const record: MediaRecord = {
      id,
      businessId: business.id,
      environment: principal.environment,
      ownerId: principal.accountId,
      type: input.type,
      contentType,
      size: input.bytes.length,
      storageKey,
      uploadedAt,
    };
    const url = mediaPath(id);
    const uploaded = { id, businessId: business.id, url, type: input.type, contentType, size: record.size, uploadedAt };
    await store.media.create(record, [mediaUploadedEvent(record, uploaded, new Date(uploadedAt))]);
    await access.mutate(principal, business.id, (current) => ({
      ...current,
      media: attach(current.media, input.type, url),
    }));
    return uploaded;
  }

  const mediaNotFound = (mediaId: string) => new NotFoundError(`Media ${mediaId} does not exist`, 'MEDIA_NOT_FOUND');

  /** The record if it exists in the caller's environment (sandbox and live never see each other's). */
  async function recordIn(principal: Principal, mediaId: string): Promise<MediaRecord> {
    const record = await store.media.get(mediaId);
    if (!record || record.environment !== principal.environment) throw mediaNotFound(mediaId);
    return record;
  }

  async function ownedRecord(principal: Principal, mediaId: string): Promise<MediaRecord> {
    const record = await recordIn(principal, mediaId);
    if (record.ownerId !== principal.accountId) throw new ForbiddenError('You do not have access to this media item');
    return record;
  }

  async function remove(principal: Principal, mediaId: string): Promise<{ id: string; deleted: true }> {
    const record = await ownedRecord(principal, mediaId);
    const url = mediaPath(mediaId);
    try {
      await access.mutate(principal, record.businessId, (current) => ({ ...current, media: detach(current.media, url) }));
    } catch (error) {
      // A deleted profile has nothing to detach from; its owner may still remove the upload.
      if (!(error instanceof ProfileNotFoundError)) throw error;
    }
    await store.media.markDeleted(mediaId, clock().toISOString());
    await storage.delete(record.storageKey).catch((error) => logger.warn({ err: error, mediaId }, 'media blob delete failed'));
    return { id: mediaId, deleted: true };
  }

  /**
   * The owner (and admins) always; anyone else of the environment only while the profile is
   * published, not deleted and its owner not suspended, as for the profile itself. Otherwise 404, so that ids of hidden
   * media reveal nothing. Deleting a profile thereby hides its media; the owner can still fetch
   * and delete them.
   */
  async function read(principal: Principal, mediaId: string): Promise<StoredBlob> {
    const record = await recordIn(principal, mediaId);
    if (record.ownerId !== principal.accountId && principal.role !== 'admin') {
      const profile = await store.profiles.get(record.environment, record.businessId);
      if (profile?.status !== 'published' || profile.ownerSuspended) throw mediaNotFound(mediaId);
    }
    const blob = await storage.get(record.storageKey);
    if (!blob) throw mediaNotFound(mediaId);
    return { bytes: blob.bytes, contentType: record.contentType };
  }

  /**
   * A file of a business's public page (docs/visibility.md), for anyone: only a logo or photo the
   * live profile shows while it has a public page; otherwise null, whatever the reason.
   */
  async function readPublic(mediaId: string): Promise<StoredBlob | null> {
    const record = await store.media.get(mediaId);
    if (!record || record.environment !== 'live' || record.type === 'video') return null;
    const profile = await store.profiles.get('live', record.businessId);
    const url = mediaPath(mediaId);
    if (!profile || !hasPublicPage(profile) || (profile.media.logo !== url && !profile.media.photos.includes(url))) return null;
    const blob = await storage.get(record.storageKey);
    return blob ? { bytes: blob.bytes, contentType: record.contentType } : null;
  }

  return { upload, remove, read, readPublic };
}

function attach(media: ProfileMedia, type: MediaType, url: string): ProfileMedia {
  if (type === 'logo') return { ...media, logo: url };
  if (type === 'photo') return { ...media, photos: [...media.photos, url] };
  return { ...media, videos: [...media.videos, url] };
}

function detach(media: ProfileMedia, url: string): ProfileMedia {
  const { logo, ...rest } = media;
  return {
    ...rest,
    ...(logo !== undefined && logo !== url && { logo }),
    photos: media.photos.filter((photo) => photo !== url),
    videos: media.videos.filter((video) => video !== url),
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
