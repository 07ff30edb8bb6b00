// Media (spec 4.3): upload to the caller's business, delete, and serve the bytes.
import { scope } from '../core/operation';
import { MEDIA_SIZE_LIMITS, mediaUploadFieldsSchema } from '../schemas/endpoints/media';
import { responseSchema } from '../schemas/catalogue';
import { operation } from './declare';

const tag = 'Media';
const MB = 1024 * 1024;

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'];

/** The text fields beside `file`; documented inside the multipart request body, not as a component. */
const uploadFields = { name: 'MediaUploadFields', schema: mediaUploadFieldsSchema };

const multipartRequestBody = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file', ...mediaUploadFieldsSchema.required],
        properties: {
          file: {
            type: 'string',
            contentMediaType: 'application/octet-stream',
            description: `The file's bytes decide its type, whatever the part declares: ${[...IMAGE_TYPES, ...VIDEO_TYPES].join(', ')}.`,
          },
          ...mediaUploadFieldsSchema.properties,
        },
      },
      // The part's declared type is not read (the bytes are sniffed), so any is accepted;
      // naming video types here left schemathesis with no serializer for them.
      encoding: { file: { contentType: 'application/octet-stream' } },
    },
  },
};

export const uploadMedia = operation({
  name: 'uploadMedia',
  access: scope('write:businesses'),
  rateLimit: 'general',
  input: { body: uploadFields, file: true },
  output: responseSchema('MediaUploaded'),
  errors: ['PROFILE_NOT_FOUND', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'MEDIA_UPLOAD_FAILED'],
  http: { method: 'POST', path: '/business/profile/media', status: 201, bodyFormat: 'multipart' },
  docs: {
    tag,
    summary: 'Upload a logo, photo or video',
    description:
      'multipart/form-data with `file` and `type` (+ `businessId` when the account owns several profiles). ' +
      'The format is decided from the file\'s bytes, not its name or part header: JPEG, PNG, WebP or GIF for photo and logo; ' +
      `MP4, WebM or QuickTime for video. Size caps: logo ${MEDIA_SIZE_LIMITS.logo / MB} MB, photo ${MEDIA_SIZE_LIMITS.photo / MB} MB, ` +
      `video ${MEDIA_SIZE_LIMITS.video / MB} MB. A file over its type's cap, empty, or whose bytes are not an accepted format for ` +
      'the type is 400 VALIDATION_ERROR with `details.field` `file` (and `details.issue` naming the cap or the accepted formats); ' +
      `more than one file part is 400 on \`file\` too. Only a file over ${MEDIA_SIZE_LIMITS.video / MB} MB, the largest cap, is 413 ` +
      'PAYLOAD_TOO_LARGE (the upload is cut off). 422 MEDIA_UPLOAD_FAILED means a valid file could not be stored. ' +
      'A logo sets media.logo, photos append to media.photos.',
    requestBody: multipartRequestBody,
    successDescription: 'Stored.',
  },
  run: async ({ media }, { principal, input }) => ({ data: await media.upload(principal, { ...input.body, bytes: input.file.bytes }) }),
});

export const deleteMedia = operation({
  name: 'deleteMedia',
  access: scope('write:businesses'),
  rateLimit: 'general',
  input: { path: ['mediaId'] },
  output: responseSchema('Deleted'),
  errors: ['MEDIA_NOT_FOUND'],
  http: { method: 'DELETE', path: '/business/profile/media/{mediaId}' },
  docs: {
    tag,
    summary: 'Remove a media file from its profile',
    description: 'The uploader\'s account only. Works after the profile itself was deleted, so an owner can always remove an upload.',
    successDescription: 'Removed.',
  },
  run: async ({ media }, { principal, input }) => ({ data: await media.remove(principal, input.path.mediaId) }),
});

const binary = (contentType: string) => ({ schema: { type: 'string', contentMediaType: contentType } });

export const getMedia = operation({
  name: 'getMedia',
  access: scope('read:businesses'),
  rateLimit: 'general',
  input: { path: ['mediaId'] },
  errors: ['MEDIA_NOT_FOUND'],
  // The bytes themselves, not JSON: no output schema, no envelope.
  http: { method: 'GET', path: '/media/{mediaId}', envelope: false },
  docs: {
    tag,
    summary: 'The file itself, with the Content-Type found in its bytes',
    description:
      'The owner (and admins) always, even after the profile was deleted; any other caller of the same environment only while ' +
      'the profile is published. Otherwise 404 MEDIA_NOT_FOUND, the same answer as for an unknown id.',
    successDescription: 'The bytes.',
    successContent: Object.fromEntries([...IMAGE_TYPES, ...VIDEO_TYPES].map((type) => [type, binary(type)])),
  },
  run: async ({ media }, { principal, input }) => {
    const blob = await media.read(principal, input.path.mediaId);
    return {
      data: blob.bytes,
      headers: { 'Content-Type': blob.contentType, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, max-age=86400, immutable' },
    };
  },
});

export const MEDIA_OPERATIONS = [uploadMedia, deleteMedia, getMedia];
