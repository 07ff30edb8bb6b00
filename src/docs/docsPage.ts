// The OpenAPI reference rendered by swagger-ui-dist, served offline from node_modules
// (no CDN), with a Content-Security-Policy that allows only this origin. Arranged for a
// reader (public/init.js: operations first, conventions after them, no renderer warning) and
// narrow screens (public/docs.css).
import path from 'node:path';
import type { Middleware } from 'koa';
import { assetsInFolder, fileAsset, staticPage } from '../http/staticPage';

const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
// Inline scripts are forbidden by the CSP, so the start-up code is its own asset.
const PUBLIC_DIR = path.join(__dirname, 'public');
const SWAGGER_CACHE = 'public, max-age=3600';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/docs/assets/docs.css">
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
  return staticPage({
    base: '/docs',
    html: { markup: PAGE },
    csp: DOCS_CSP,
    assets: {
      // swagger-ui-dist's files change only with the package version; ours revalidate (no-cache).
      'swagger-ui.css': fileAsset(path.join(swaggerDir, 'swagger-ui.css'), SWAGGER_CACHE),
      'swagger-ui-bundle.js': fileAsset(path.join(swaggerDir, 'swagger-ui-bundle.js'), SWAGGER_CACHE),
      ...assetsInFolder(PUBLIC_DIR),
    },
  });
}
