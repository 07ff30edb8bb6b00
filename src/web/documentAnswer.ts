// How every public web document (business pages, their Markdown, sitemaps, robots.txt, llms.txt)
// is answered: a strong ETag from the body, Last-Modified when the content has a date,
// Cache-Control, and 304 for a conditional request that already holds this body (RFC 9110 13).
import { createHash } from 'node:crypto';
import type { Context } from 'koa';

export interface WebDocument {
  body: string;
  type: string;
  /** When the content last changed, if known. */
  lastModified?: Date;
  cacheControl: string;
  headers?: Record<string, string>;
}

/** Cache-Control of pages that change when an owner edits: shared caches keep them five minutes, then revalidate. */
export const PAGE_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=600';

function notModified(ctx: Context, etag: string, lastModified: Date | undefined): boolean {
  const ifNoneMatch = ctx.get('If-None-Match');
  // If-None-Match wins over If-Modified-Since when both are sent.
  if (ifNoneMatch) return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
  const since = Date.parse(ctx.get('If-Modified-Since'));
  return lastModified !== undefined && !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

export function answerDocument(ctx: Context, document: WebDocument): void {
  const etag = `"${createHash('sha256').update(document.body).digest('base64url').slice(0, 27)}"`;
  ctx.set('ETag', etag);
  if (document.lastModified) ctx.set('Last-Modified', document.lastModified.toUTCString());
  ctx.set('Cache-Control', document.cacheControl);
  for (const [name, value] of Object.entries(document.headers ?? {})) ctx.set(name, value);
  if (notModified(ctx, etag, document.lastModified)) {
    ctx.status = 304;
    return;
  }
  ctx.type = document.type;
  ctx.body = document.body;
}

/** A plain-text refusal (not found, too many requests) that no cache keeps long. */
export function answerPlain(ctx: Context, status: number, text: string): void {
  ctx.status = status;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = `${text}\n`;
}
