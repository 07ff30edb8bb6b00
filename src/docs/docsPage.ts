// Issue 19: the OpenAPI reference rendered by swagger-ui-dist, served offline from node_modules
// (no CDN), with a Content-Security-Policy that allows only this origin.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';

const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

// Only these files are served: a fixed allow-list, so no request path ever reaches the file system.
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: path.join(swaggerDir, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: path.join(swaggerDir, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
};

// Inline scripts are forbidden by the CSP, so the start-up code is its own asset.
const INIT_JS = `window.ui = SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/init.js"></script>
</body>
</html>
`;

// swagger-ui draws its icons as data: SVGs and sets style attributes; everything else is 'self'.
export const DOCS_CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'";

export function docsPage(): Middleware {
  const cache = new Map<string, Buffer>();
  const read = (file: string) => {
    let body = cache.get(file);
    if (!body) cache.set(file, (body = readFileSync(file)));
    return body;
  };
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/docs' || ctx.path === '/docs/') {
      ctx.set('Content-Security-Policy', DOCS_CSP);
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = PAGE;
      return;
    }
    if (!ctx.path.startsWith('/docs/assets/')) return next();
    const name = ctx.path.slice('/docs/assets/'.length);
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.set('Cache-Control', 'public, max-age=3600');
    if (name === 'init.js') {
      ctx.type = 'text/javascript; charset=utf-8';
      ctx.body = INIT_JS;
      return;
    }
    const asset = Object.prototype.hasOwnProperty.call(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) return next();
    ctx.type = asset.type;
    ctx.body = read(asset.file);
  };
}
