// The public pages' one stylesheet, inlined (no second request, readable without JavaScript) and
// allowed by its hash in the Content-Security-Policy, which allows nothing else to run or load
// but this host's images.
import { createHash } from 'node:crypto';

export const PAGE_STYLE = `
:root{color-scheme:light dark;--ink:#1d2330;--muted:#5b6474;--line:#d9dde5;--accent:#0b5cad;--paper:#fff}
@media (prefers-color-scheme:dark){:root{--ink:#e8ebf1;--muted:#a7afbd;--line:#3a4150;--accent:#7fb6f0;--paper:#14171d}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--paper)}
main{max-width:46rem;margin:0 auto;padding:1.25rem 1rem 3rem}
header p.kind{margin:.25rem 0 0;color:var(--muted)}
h1{font-size:1.9rem;line-height:1.2;margin:.5rem 0 0;overflow-wrap:anywhere}
h2{font-size:1.15rem;margin:2rem 0 .5rem;padding-bottom:.25rem;border-bottom:1px solid var(--line)}
.tagline{font-size:1.1rem;margin:.5rem 0 0}
.status{margin:1rem 0 0;padding:.5rem .75rem;border:1px solid var(--line);border-left:4px solid #b3261e;border-radius:4px}
.logo{width:72px;height:72px;object-fit:contain;border-radius:8px;border:1px solid var(--line)}
.photos{display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:.5rem}
.photos img{width:100%;height:8rem;object-fit:cover;border-radius:6px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
ul.plain{list-style:none;padding:0;margin:0}
ul.plain li{padding:.5rem 0;border-bottom:1px solid var(--line)}
.detail{color:var(--muted);font-size:.95rem}
blockquote{margin:.25rem 0 0;padding-left:.75rem;border-left:3px solid var(--line)}
a{color:var(--accent)}
footer{margin-top:2.5rem;color:var(--muted);font-size:.9rem}
@media (max-width:30rem){h1{font-size:1.5rem}dl{grid-template-columns:1fr}dt{margin-top:.5rem}}
`.trim();

const STYLE_HASH = createHash('sha256').update(PAGE_STYLE).digest('base64');

/** The CSP of every public HTML page: its own style, this host's images (and https ones), nothing else. */
export const PUBLIC_PAGE_CSP =
  `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src 'self' https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
