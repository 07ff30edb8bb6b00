// multipart/form-data parsing for uploads. Files land in a temp dir, capped at the
// largest per-type limit (video 100 MB); the per-type caps are checked by the media rules.
import { readFile, rm } from 'node:fs/promises';
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import type { UploadedFile } from '../core/operation';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../domain/errors';

export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export type { UploadedFile } from '../core/operation';

interface FormidableFailure {
  code?: number;
  message?: string;
}

// formidable's error codes (FormidableError.js). Every one of its limit messages ends in
// "exceeded", so the code, not the message, tells a second file from a file too large.
const MAX_FILES_EXCEEDED = 1015;
const TOO_LARGE = new Set([1009, 1016]); // biggerThanTotalMaxFileSize, biggerThanMaxFileSize
const TOO_MANY_FIELDS = new Set([1006, 1007]); // maxFieldsSizeExceeded, maxFieldsExceeded

function translateFormidableError(error: FormidableFailure): Error {
  const message = error.message ?? '';
  if (error.code === MAX_FILES_EXCEEDED || /maxFiles \(/.test(message)) {
    return new ValidationError('file', 'only one file may be uploaded per request');
  }
  if ((error.code !== undefined && TOO_LARGE.has(error.code)) || /maxFileSize|maxTotalFileSize/.test(message)) {
    return new PayloadTooLargeError(`File is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
  }
  if (error.code !== undefined && TOO_MANY_FIELDS.has(error.code)) return new ValidationError('body', 'has too many or too large form fields');
  return new ValidationError('body', 'is not a valid multipart/form-data body');
}

export function multipartBody(): Middleware {
  const parse = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: { maxFileSize: MAX_UPLOAD_BYTES, maxFiles: 1, maxFields: 10, maxFieldsSize: 64 * 1024, allowEmptyFiles: true, minFileSize: 0 },
  });
  return async (ctx, next) => {
    if (!ctx.is('multipart/form-data')) throw new UnsupportedMediaTypeError('Uploads must be multipart/form-data');
    try {
      await parse(ctx, async () => undefined);
    } catch (error) {
      throw translateFormidableError(error as FormidableFailure);
    }
    const files = ctx.request.files ?? {};
    const file = (files as Partial<typeof files>).file;
    const single = Array.isArray(file) ? file[0] : file;
    try {
      if (!single) throw new ValidationError('file', 'is required');
      ctx.state.file = { bytes: await readFile(single.filepath), originalName: single.originalFilename ?? undefined } satisfies UploadedFile;
    } finally {
      for (const entry of Object.values(files).flat()) await rm(entry.filepath, { force: true });
    }
    await next();
  };
}
