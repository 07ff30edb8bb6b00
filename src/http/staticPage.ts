// A browser page served by the API process itself (/docs, /dashboard): one HTML
// document at `base`, its scripts and styles under `base/assets/`, all from this repository or
// node_modules (no CDN), each answer with the page's Content-Security-Policy.
//
// Only the assets named when the middleware is built are served: a request path is a key into
// that fixed map and never reaches the file system, so `..`, encoded slashes or a file added
// later cannot be fetched.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';

export interface PageAsset {
  /** Absolute path of the file; read once, on first request. */
  file?: string;
  /** Or the body itself (a small start-up script that CSP forbids inlining). */
  body?: string;
  type: string;
  /** Default: the page's assetCacheControl. */
  cacheControl?: string;
}

export interface StaticPageOptions {
  /** The page's path, e.g. '/docs'; '/docs/' answers the same. */
  base: string;
  /** The HTML document (absolute file path or the markup). */
  html: { file: string } | { markup: string };
  csp: string;
  /** Keyed by the path under `${base}/assets/`, e.g. 'views/funnel.js'. */
  assets: Record<string, PageAsset>;
  /** Cache-Control of assets without their own; default 'no-cache' (revalidate: file names are not versioned). */
  assetCacheControl?: string;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.html': 'text/html; charset=utf-8',
};

/** The Content-Type of a file served to a browser, from its extension. */
export function contentTypeOf(file: string): string {
  const type = TYPES[path.extname(file).toLowerCase()];
  if (!type) throw new Error(`no content type known for ${file}`);
  return type;
}

/** One asset from a file, its type from its extension. */
export function fileAsset(file: string, cacheControl?: string): PageAsset {
  return { file, type: contentTypeOf(file), ...(cacheControl && { cacheControl }) };
}

/**
 * Every .js/.css/.svg/.png file under `folder` (sub-folders included), keyed by its path relative
 * to it with '/' separators. Listed once, when the page is built.
 */
export function assetsInFolder(folder: string): Record<string, PageAsset> {
  const assets: Record<string, PageAsset> = {};
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(m?js|css|svg|png)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    assets[path.relative(folder, file).split(path.sep).join('/')] = fileAsset(file);
  }
  return assets;
}

const SERVING = ['GET', 'HEAD'];

export function staticPage(options: StaticPageOptions): Middleware {
  const { base, csp } = options;
  const assetPrefix = `${base}/assets/`;
  const assetCacheControl = options.assetCacheControl ?? 'no-cache';
  const cache = new Map<string, Buffer | string>();
  const read = (file: string) => {
    let body = cache.get(file);
    if (body === undefined) cache.set(file, (body = readFileSync(file)));
    return body;
  };
  const html = () => ('markup' in options.html ? options.html.markup : read(options.html.file));

  return async (ctx, next) => {
    const isPage = ctx.path === base || ctx.path === `${base}/`;
    const asset =
      ctx.path.startsWith(assetPrefix) && Object.prototype.hasOwnProperty.call(options.assets, ctx.path.slice(assetPrefix.length))
        ? options.assets[ctx.path.slice(assetPrefix.length)]
        : undefined;
    if (!isPage && !asset) return next();
    if (!SERVING.includes(ctx.method)) {
      // The router's 405 answer (errorHandler adds the envelope), for a path the API router does not know.
      ctx.set('Allow', SERVING.join(', '));
      ctx.status = 405;
      return;
    }
    ctx.set('Content-Security-Policy', csp);
    if (isPage) {
      ctx.set('Cache-Control', 'no-cache');
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = html();
      return;
    }
    const found = asset as PageAsset;
    ctx.set('Cache-Control', found.cacheControl ?? assetCacheControl);
    ctx.type = found.type;
    ctx.body = found.body ?? read(found.file as string);
  };
}
