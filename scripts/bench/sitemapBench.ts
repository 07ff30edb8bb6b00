// The sitemap at 120 000 published businesses, served by the real server process (src/server.ts on
// the embedded default): how long the index and each file of up to 50 000 URLs take, how large they
// are, and the server's resident memory before, at its peak while it writes them (sampled every
// 20 ms from /proc) and after. The files are written streaming from a store cursor, so the peak
// should not grow with the number of businesses. The load average is printed beside the figures.
//
//   npm run bench:sitemap                  # 120 000 businesses
//   npm run bench:sitemap -- --count 30000
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { SLUG_KEY_PREFIX } from '../../src/domain/publicPage/publicSlug';
import { aProfile } from '../../test/fixtures/profiles';
import { serverMemory } from './processMemory';
import { startServer } from './serverProcess';

const REPO_ROOT = join(__dirname, '../..');
const BATCH = 10_000;
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function fill(dataDir: string, count: number): Promise<void> {
  const store = createSqliteStore({ file: join(dataDir, 'store.db') });
  try {
    for (let start = 0; start < count; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => {
        const n = start + i;
        const id = `biz_${String(n).padStart(20, '0')}`;
        const slug = `business-${n}-austin`;
        return aProfile({ id, status: 'published', publicSlugs: [slug], dedupeKeys: [`name:${id}`, `${SLUG_KEY_PREFIX}${slug}`], updatedAt: `2026-0${1 + (n % 9)}-15T10:00:00.000Z` });
      });
      await store.profiles.createMany(batch);
    }
  } finally {
    await store.close();
  }
}

/** Fetches `url` to the end while sampling the server's RSS; the peak seen and the time taken. */
async function fetchSampled(url: string, pid: number): Promise<{ ms: number; bytes: number; peakMiB: number; urls: number }> {
  let peak = serverMemory(pid)?.rssMiB ?? 0;
  let done = false as boolean; // set once the fetch below ends
  const sampler = (async () => {
    while (!done) {
      peak = Math.max(peak, serverMemory(pid)?.rssMiB ?? 0);
      await sleep(20);
    }
  })();
  const started = performance.now();
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const text = await response.text();
  const ms = performance.now() - started;
  done = true;
  await sampler;
  return { ms, bytes: Buffer.byteLength(text), peakMiB: peak, urls: (text.match(/<loc>/g) ?? []).length };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { count: { type: 'string', default: '120000' } } });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a whole number');
  const dataDir = mkdtempSync(join(tmpdir(), 'bdapi-sitemap-bench-'));
  try {
    const filling = performance.now();
    await fill(dataDir, count);
    console.log(`${count} published businesses written in ${((performance.now() - filling) / 1000).toFixed(1)} s (load ${load()})`);
    // Indexing them for search is not what this measures: the indexer runs in its own process, not started.
    const server = await startServer({ repoRoot: REPO_ROOT, dataDir, env: { ...process.env, IN_PROCESS_INDEXER: 'false', LOG_LEVEL: 'warn', PUBLIC_PAGES_PER_MINUTE: '100000' } });
    try {
      await sleep(2_000);
      const before = serverMemory(server.pid);
      console.log(`server RSS before: ${before?.rssMiB} MiB (anonymous ${before?.anonMiB} MiB), load ${load()}`);
      const index = await fetchSampled(`${server.baseUrl}/sitemap.xml`, server.pid);
      console.log(`sitemap.xml: ${index.urls} files, ${index.bytes} bytes in ${index.ms.toFixed(0)} ms, peak RSS ${index.peakMiB} MiB, load ${load()}`);
      const files = [...(await (await fetch(`${server.baseUrl}/sitemap.xml`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
      let peak = index.peakMiB;
      for (const file of files) {
        const fetched = await fetchSampled(`${server.baseUrl}${file}`, server.pid);
        peak = Math.max(peak, fetched.peakMiB);
        console.log(`${file}: ${fetched.urls} URLs, ${(fetched.bytes / 1024 / 1024).toFixed(1)} MiB in ${fetched.ms.toFixed(0)} ms, peak RSS ${fetched.peakMiB} MiB, load ${load()}`);
      }
      const after = serverMemory(server.pid);
      console.log(`server RSS after: ${after?.rssMiB} MiB; peak while serving the sitemap: ${peak} MiB (+${peak - (before?.rssMiB ?? 0)} MiB over before), load ${load()}`);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`bench:sitemap failed: ${(error as Error).message}`);
  process.exitCode = 1;
});
