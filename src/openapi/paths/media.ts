// Media upload, removal and serving (spec 4.3; issue 2).
import { MEDIA_SIZE_LIMITS, mediaUploadFieldsSchema } from '../../schemas/endpoints/media';
import { operation } from '../operation';

const tag = 'Media';
const MB = 1024 * 1024;

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'];

function binary(contentType: string) {
  return { schema: { type: 'string', contentMediaType: contentType } };
}

export function mediaPaths() {
  const fields = mediaUploadFieldsSchema.properties as Record<string, unknown>;
  return {
    '/business/profile/media': {
      post: operation({
        operationId: 'uploadMedia',
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
        access: 'credential',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file', ...(mediaUploadFieldsSchema.required as string[])],
                properties: {
                  file: {
                    type: 'string',
                    contentMediaType: 'application/octet-stream',
                    description: `The file's bytes decide its type, whatever the part declares: ${[...IMAGE_TYPES, ...VIDEO_TYPES].join(', ')}.`,
                  },
                  ...fields,
                },
              },
              // The part's declared type is not read (the bytes are sniffed), so any is accepted;
              // naming video types here left schemathesis with no serializer for them.
              encoding: { file: { contentType: 'application/octet-stream' } },
            },
          },
        },
        success: { status: 201, description: 'Stored.', data: 'MediaUploaded' },
        errors: [404, 413, 415, 422],
      }),
    },
    '/business/profile/media/{mediaId}': {
      delete: operation({
        operationId: 'deleteMedia',
        tag,
        summary: 'Remove a media file from its profile',
        description: 'The uploader\'s account only. Works after the profile itself was deleted, so an owner can always remove an upload.',
        access: 'credential',
        parameters: ['MediaId'],
        success: { status: 200, description: 'Removed.', data: 'Deleted' },
        errors: [404],
      }),
    },
    '/media/{mediaId}': {
      get: operation({
        operationId: 'getMedia',
        tag,
        summary: 'The file itself, with the Content-Type found in its bytes',
        description:
          'The owner (and admins) always, even after the profile was deleted; any other caller of the same environment only while ' +
          'the profile is published. Otherwise 404 MEDIA_NOT_FOUND, the same answer as for an unknown id.',
        access: 'credential',
        parameters: ['MediaId'],
        success: {
          status: 200,
          description: 'The bytes.',
          content: Object.fromEntries([...IMAGE_TYPES, ...VIDEO_TYPES].map((type) => [type, binary(type)])),
        },
        errors: [404],
      }),
    },
  };
}
