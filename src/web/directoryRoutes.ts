// The directory's public documents: /sitemap.xml (an index over files of at most 50 000 pages),
// /sitemaps/businesses-{from}.xml (streamed), /robots.txt (the operator's crawler policy),
// /llms.txt and /directory/{city}/{kind}.md (the directory for language models). All public,
// cached and rate limited per address like the business pages.
import { Readable } from 'node:stream';
import Router from '@koa/router';
import type { PageRateLimit } from '../core/rateLimitCheck';
import { publicOrigin } from '../http/publicOrigin';
import { groupMarkdown, llmsTxt, robotsTxt } from '../presenters/publicPage/directoryText';
import { sitemapFileXml, sitemapIndexXml } from '../presenters/publicPage/sitemapXml';
import type { PublicDirectory } from '../services/publicPages/publicDirectory';
import { withinPageLimit } from './businessPageRoutes';
import { answerDocument, answerPlain, PAGE_CACHE_CONTROL } from './documentAnswer';

export interface DirectoryRouteDeps {
  directory: PublicDirectory;
  publicUrl?: string;
  rateLimit?: PageRateLimit;
  /** The directory's name, as llms.txt titles it (DIRECTORY_NAME). */
  name: string;
  /** User-agent tokens robots.txt disallows everywhere (ROBOTS_DISALLOW); none by default. */
  robotsDisallow: readonly string[];
  /** INDEXNOW_KEY: served at /{key}.txt, where IndexNow endpoints check it. */
  indexNowKey?: string;
}

const BUSINESS_ID = /^biz_[0-9A-Za-z]{20,26}$/;
/** Directory documents change when any business does: kept an hour by caches, then revalidated. */
const DIRECTORY_CACHE_CONTROL = 'public, max-age=3600';

export function directoryRoutes(deps: DirectoryRouteDeps): Router {
  const router = new Router();
  const origin = (ctx: Parameters<typeof publicOrigin>[0]) => publicOrigin(ctx, deps.publicUrl);

  router.get('/robots.txt', async (ctx) => {
    if (!(await withinPageLimit(ctx, deps.rateLimit))) return;
    answerDocument(ctx, { body: robotsTxt(origin(ctx), deps.robotsDisallow), type: 'text/plain; charset=utf-8', cacheControl: DIRECTORY_CACHE_CONTROL });
  });

  if (deps.indexNowKey) {
    const key = deps.indexNowKey;
    router.get(`/${key}.txt`, async (ctx) => {
      if (!(await withinPageLimit(ctx, deps.rateLimit))) return;
      answerDocument(ctx, { body: key, type: 'text/plain; charset=utf-8', cacheControl: DIRECTORY_CACHE_CONTROL });
    });
  }

  router.get('/sitemap.xml', async (ctx) => {
    if (!(await withinPageLimit(ctx, deps.rateLimit))) return;
    const files = await deps.directory.sitemapFiles();
    const newest = files.reduce((latest, file) => (file.lastModified > latest ? file.lastModified : latest), '');
    answerDocument(ctx, {
      body: sitemapIndexXml(origin(ctx), files),
      type: 'application/xml; charset=utf-8',
      ...(newest && { lastModified: new Date(newest) }),
      cacheControl: DIRECTORY_CACHE_CONTROL,
    });
  });

  router.get('/sitemaps/:file', async (ctx) => {
    if (!(await withinPageLimit(ctx, deps.rateLimit))) return;
    const from = /^businesses-(.+)\.xml$/.exec(ctx.params.file)?.[1];
    if (!from || !BUSINESS_ID.test(from)) {
      answerPlain(ctx, 404, 'No such sitemap.');
      return;
    }
    ctx.type = 'application/xml; charset=utf-8';
    ctx.set('Cache-Control', DIRECTORY_CACHE_CONTROL);
    // Streamed: each store page becomes a chunk as it is read.
    ctx.body = Readable.from(sitemapFileXml(origin(ctx), deps.directory.sitemapFile(from)));
  });

  router.get('/llms.txt', async (ctx) => {
    if (!(await withinPageLimit(ctx, deps.rateLimit))) return;
    const { groups, total } = await deps.directory.groups();
    answerDocument(ctx, { body: llmsTxt(origin(ctx), deps.name, groups, total), type: 'text/markdown; charset=utf-8', cacheControl: DIRECTORY_CACHE_CONTROL });
  });

  router.get('/directory/:city/:kind', async (ctx) => {
    if (!(await withinPageLimit(ctx, deps.rateLimit))) return;
    const kind = /^(.+)\.md$/.exec(ctx.params.kind)?.[1];
    const found = kind ? await deps.directory.group(ctx.params.city, kind) : null;
    if (!found) {
      answerPlain(ctx, 404, 'No businesses of this kind in this city.');
      return;
    }
    answerDocument(ctx, { body: groupMarkdown(origin(ctx), found.group, found.listings), type: 'text/markdown; charset=utf-8', cacheControl: PAGE_CACHE_CONTROL });
  });
  return router;
}
