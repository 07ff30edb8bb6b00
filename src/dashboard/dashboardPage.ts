// The business dashboard at /dashboard. A client of the public API like any other:
// plain ES modules from ./public (no build step) and Chart.js's UMD build from node_modules,
// under a CSP that allows this origin only and no inline script or style.
//
// The page itself is public HTML; every number on it comes from authenticated /v1 calls the
// browser makes with the signed-in account's token (or a sandbox key), so it sits outside the
// /v1 router and its route-scope table, like /docs.
import path from 'node:path';
import type { Middleware } from 'koa';
import { assetsInFolder, fileAsset, staticPage } from '../http/staticPage';

/** The browser code. `npm run build` copies it next to the compiled file (tsc copies no .js). */
export const DASHBOARD_PUBLIC_DIR = path.join(__dirname, 'public');

// Chart.js's ESM build imports '@kurkle/color' by bare name, which a browser cannot resolve
// without an (inline) import map; the UMD build is one self-contained file defining window.Chart.
// (The package's exports map hides package.json and the UMD file: find dist/ from its main entry.)
const chartJs = path.join(path.dirname(require.resolve('chart.js')), 'chart.umd.min.js');

// Chart.js styles its canvas through the CSSOM (allowed); no style attribute or inline <style>.
export const DASHBOARD_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'";

export function dashboardPage(options: { publicDir?: string } = {}): Middleware {
  const publicDir = options.publicDir ?? DASHBOARD_PUBLIC_DIR;
  return staticPage({
    base: '/dashboard',
    html: { file: path.join(publicDir, 'index.html') },
    csp: DASHBOARD_CSP,
    assets: {
      ...assetsInFolder(publicDir),
      // The library changes only with the package version.
      'vendor/chart.umd.min.js': fileAsset(chartJs, 'public, max-age=86400'),
    },
  });
}
