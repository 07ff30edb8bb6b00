// GET /b/{slug} (the business's public page, HTML with JSON-LD) and GET /b/{slug}.md (its
// Markdown twin). Public, cached, rate limited per client address; a moved slug answers 301, a
// business without a public page 404 whatever the reason. Every fetch is handed to `onFetch`
// (crawler analytics) after the answer is decided, never awaited.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { PageRateLimit } from '../core/rateLimitCheck';
import { businessHtml } from '../presenters/publicPage/businessHtml';
import { businessMarkdown } from '../presenters/publicPage/businessMarkdown';
import { PUBLIC_PAGE_CSP } from '../presenters/publicPage/pageStyle';
import type { PublicBusinessPages } from '../services/publicPages/publicBusinessPages';
import { publicOrigin } from '../http/publicOrigin';
import { answerDocument, answerPlain, PAGE_CACHE_CONTROL } from './documentAnswer';

/** What a page fetch tells the analytics side: which business (and its zone), and who asked. */
export interface PageFetch {
  businessId: string;
  timeZone?: string;
  userAgent: string;
  address: string;
  at: Date;
}

export interface WebPageDeps {
  pages: PublicBusinessPages;
  /** A logo or photo a public page shows (services/mediaService.ts readPublic); null otherwise. */
  readPublicMedia: (mediaId: string) => Promise<{ bytes: Buffer; contentType: string } | null>;
  publicUrl?: string;
  rateLimit?: PageRateLimit;
  onFetch?: (fetch: PageFetch) => void;
}

/** Counts the request against its address; false (and a 429 answered) when over the limit. */
export async function withinPageLimit(ctx: Context, rateLimit: PageRateLimit | undefined): Promise<boolean> {
  if (!rateLimit) return true;
  const decision = await rateLimit(ctx.ip);
  if (decision.allowed) return true;
  ctx.set('Retry-After', String(decision.retryAfterSeconds));
  answerPlain(ctx, 429, `Too many requests from this address: ${decision.limit} pages a minute; retry in ${decision.retryAfterSeconds} s.`);
  return false;
}

export function businessPageRoutes(deps: WebPageDeps): Router {
  const router = new Router();
  router.get('/b/:slug', async (ctx) => {
    if (!(await withinPageLimit(ctx, deps.rateLimit))) return;
    const requested = ctx.params.slug;
    const markdown = requested.endsWith('.md');
    const slug = markdown ? requested.slice(0, -3) : requested;
    const found = await deps.pages.find(slug, publicOrigin(ctx, deps.publicUrl));
    if (found.kind === 'missing') {
      answerPlain(ctx, 404, 'No public page at this address.');
      return;
    }
    if (found.kind === 'moved') {
      ctx.status = 301;
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.redirect(`${found.path}${markdown ? '.md' : ''}`);
      return;
    }
    const { page } = found;
    const robots = page.noindex ? { 'X-Robots-Tag': 'noindex' } : undefined;
    answerDocument(ctx, markdown
      ? {
          body: businessMarkdown(page),
          type: 'text/markdown; charset=utf-8',
          lastModified: new Date(page.profile.updatedAt),
          cacheControl: PAGE_CACHE_CONTROL,
          // The HTML page is the one to index and cite; this twin says so (RFC 6596 in a header).
          headers: { Link: `<${page.url}>; rel="canonical"`, ...robots },
        }
      : {
          body: businessHtml(page),
          type: 'text/html; charset=utf-8',
          lastModified: new Date(page.profile.updatedAt),
          cacheControl: PAGE_CACHE_CONTROL,
          headers: { 'Content-Security-Policy': PUBLIC_PAGE_CSP, ...robots },
        });
    deps.onFetch?.({ businessId: page.profile.id, ...(page.timeZone && { timeZone: page.timeZone }), userAgent: ctx.get('User-Agent'), address: ctx.ip, at: new Date() });
  });
  // The page's own images: anyone may fetch a logo or photo while its business has a public page.
  router.get('/public-media/:mediaId', async (ctx) => {
    if (!(await withinPageLimit(ctx, deps.rateLimit))) return;
    const blob = /^med_[0-9A-Za-z]{10,40}$/.test(ctx.params.mediaId) ? await deps.readPublicMedia(ctx.params.mediaId) : null;
    if (!blob) {
      answerPlain(ctx, 404, 'No such image.');
      return;
    }
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = blob.contentType;
    ctx.body = blob.bytes;
  });
  return router;
}
