// The dashboard read by a business owner who does not know the API, on the March story
// of dashboardFixture.ts, in Chromium at 1280 and 375 px: every chart's value axis says what it
// counts and in which unit, the platform share is written in percent, the benchmark shows the owner
// among the peers' p25 / p50 / p75, citations stay visible beside impressions, the profile health
// speaks of the business (no endpoint paths or field names, each item linking to where it is
// done), a business without reviews says so, and no row of panels is half empty.
// Screenshots are kept in test-output/screenshots/.
import type { Browser, Page } from 'playwright-core';
import { keepScreenshot, launchChromium, overflowingElements, watchPageProblems } from '../harness/chromium';
import { figure, REPORT, signInForMarch, startDashboardWorld, WAIT, type DashboardWorld } from './dashboardFixture';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let world: DashboardWorld;
let browser: Browser;
let page: Page;
const problems: string[] = [];

interface DrawnChart {
  panel: string;
  type: string;
  labels: string[];
  values: number[][];
  xTitle: string | null;
  yTitle: string | null;
}

/** What Chart.js drew in each canvas of the views (multi-line labels joined with a space). */
function drawnCharts(): Promise<DrawnChart[]> {
  return page.evaluate(() => {
    type Scale = { title?: { display?: boolean; text?: string } };
    type ChartLike = { config: { type: string }; data: { labels: Array<string | string[]>; datasets: Array<{ data: number[] }> }; options: { scales: Record<string, Scale> } };
    // Chart.js is a global the dashboard's page script loads: the page's types do not know it.
    const Chart = Reflect.get(window, 'Chart') as { getChart(canvas: Element): ChartLike };
    const title = (scale?: Scale) => (scale?.title?.display ? (scale.title.text ?? null) : null);
    return [...document.querySelectorAll('#views canvas')].map((canvas) => {
      const chart = Chart.getChart(canvas);
      return {
        panel: canvas.closest('.panel')!.id,
        type: chart.config.type,
        labels: chart.data.labels.map((label) => (Array.isArray(label) ? label.join(' ') : label)),
        values: chart.data.datasets.map((dataset) => dataset.data),
        xTitle: title(chart.options.scales.x),
        yTitle: title(chart.options.scales.y),
      };
    });
  });
}

/** The panels grouped in rows (same top edge), with how much of the row's width they cover. */
function panelRows(): Promise<Array<{ panels: string[]; fromLeft: number; toRight: number }>> {
  return page.evaluate(() => {
    const container = document.getElementById('views')!.getBoundingClientRect();
    const rows = new Map<number, DOMRect[]>();
    const ids = new Map<DOMRect, string>();
    for (const panel of document.querySelectorAll('#views > .panel')) {
      const box = panel.getBoundingClientRect();
      ids.set(box, panel.id);
      const top = Math.round(box.top);
      rows.set(top, [...(rows.get(top) ?? []), box]);
    }
    return [...rows.values()].map((boxes) => ({
      panels: boxes.map((box) => ids.get(box)!),
      fromLeft: Math.round(boxes[0].left - container.left),
      toRight: Math.round(container.right - boxes[boxes.length - 1].right),
    }));
  });
}

beforeAll(async () => {
  world = teardown.adopt(await startDashboardWorld(), (opened) => opened.close());
  browser = teardown.adopt(await launchChromium(), (opened) => opened.close());
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  watchPageProblems(page, problems);
  await signInForMarch(page, world);
}, 120_000);

afterAll(() => teardown.disposeAsync());

it('titles every chart\'s axes with what they count and the unit', async () => {
  const titles = (await drawnCharts()).map(({ panel, xTitle, yTitle }) => ({ panel, xTitle, yTitle }));
  expect(titles).toEqual([
    { panel: 'visibility', xTitle: "Day (the business's local date)", yTitle: 'Count per day' },
    { panel: 'benchmarks', xTitle: 'Impressions in the period', yTitle: null },
    { panel: 'benchmarks', xTitle: 'Citations in the period', yTitle: null },
    { panel: 'benchmarks', xTitle: 'Conversion rate (%)', yTitle: null },
    { panel: 'platforms', xTitle: 'Share of impressions (%)', yTitle: null },
    { panel: 'attribution', xTitle: 'Conversions credited', yTitle: null },
    { panel: 'funnel', xTitle: 'Journeys that reached at least this stage', yTitle: null },
  ]);
}, 60_000);

it('writes each platform\'s share in percent on its bar, on a 0-100 % axis', async () => {
  const platforms = (await drawnCharts()).find((chart) => chart.panel === 'platforms')!;
  // chatgpt has 2 of the 4 impressions, claude and perplexity 1 each.
  expect(platforms.labels[0]).toBe('ChatGPT: 50.0 %');
  expect(platforms.labels.slice(1).sort()).toEqual(['Claude: 25.0 %', 'Perplexity: 25.0 %']);
  expect(platforms.values).toEqual([[50, 25, 25]]);
  expect(await page.evaluate(() => {
    const chart = (Reflect.get(window, 'Chart') as { getChart(c: Element): { scales: { x: { min: number; max: number } } } }).getChart(document.querySelector('#platforms canvas')!);
    return [chart.scales.x.min, chart.scales.x.max];
  })).toEqual([0, 100]);
}, 60_000);

it('shows the owner\'s impressions beside the peers\' 25th, 50th and 75th percentiles, and says where that is', async () => {
  const [impressions, citations] = (await drawnCharts()).filter((chart) => chart.panel === 'benchmarks');
  // Peers 1..5: p25 2, median 3, p75 4; ours 4, the 70th percentile (ties count half).
  expect(impressions.labels).toEqual(['25th percentile: 2', 'Median: 3', '75th percentile: 4', 'You: 4']);
  expect(impressions.values).toEqual([[2, 3, 4, 4]]);
  expect(citations.labels).toHaveLength(4);
  const captions = await page.locator('#benchmarks figcaption').allTextContents();
  expect(captions[0]).toBe('Impressions: you are above the median peer (70th percentile)');
  const colours = await page.evaluate(() => {
    const chart = (Reflect.get(window, 'Chart') as { getChart(c: Element): { data: { datasets: Array<{ backgroundColor: string[] }> } } }).getChart(document.querySelector('#benchmarks canvas')!);
    return chart.data.datasets[0].backgroundColor;
  });
  expect(new Set(colours.slice(0, 3)).size).toBe(1);
  expect(colours[3]).not.toBe(colours[0]);
}, 60_000);

it('keeps citations visible beside impressions: bars side by side, and the citation rate', async () => {
  const visibility = (await drawnCharts()).find((chart) => chart.panel === 'visibility')!;
  expect(visibility.type).toBe('bar');
  const tenth = visibility.labels.indexOf('2026-03-10');
  // 03-10 has 2 impressions and 2 citations: two bars of the same height, side by side.
  expect(visibility.values.map((series) => series[tenth])).toEqual([2, 2]);
  const bars = await page.evaluate((index) => {
    type Bar = { x: number; y: number; base: number };
    const chart = (Reflect.get(window, 'Chart') as { getChart(c: Element): { getDatasetMeta(i: number): { data: Bar[] } } }).getChart(document.querySelector('#visibility canvas')!);
    return [0, 1].map((dataset) => {
      const bar = chart.getDatasetMeta(dataset).data[index];
      return { x: Math.round(bar.x), height: Math.round(bar.base - bar.y) };
    });
  }, tenth);
  expect(bars[0].height).toBeGreaterThan(0);
  expect(bars[1].height).toBe(bars[0].height);
  expect(bars[1].x).toBeGreaterThan(bars[0].x);
  expect(Number(await figure(page, 'visibility-totals', 'citationRate'))).toBe(0.5);
  expect(await page.textContent('#visibility-totals dd[data-key="citationRate"]')).toBe('50.0 %');
}, 60_000);

it('writes the profile health for a person: what to add and why, each with a link to where it is done, no paths or field names', async () => {
  const text = await page.innerText('#profile-health');
  expect(text).not.toContain('/v1/');
  expect(text).not.toMatch(/\b(POST|PATCH|GET) \//);
  expect(text.match(/\b[a-z]+[A-Z][A-Za-z]*\b/g) ?? []).toEqual([]); // insiderTips, exclusiveContent...
  expect(text.match(/\b(location|contact|media|exclusiveContent)\.\w+/g) ?? []).toEqual([]);

  const status = (await world.api(`/business/profile/status?businessId=${world.businessId}`)).data;
  const items = page.locator('#recommended-fields li');
  expect(await items.count()).toBe(status.recommendedFields.length);
  const links = await page.locator('#profile-health a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
  expect(links.length).toBeGreaterThan(status.recommendedFields.length); // one per item, and verification's
  // Every link opens an operation of the API reference: /docs#/<tag>/<operationId> as swagger-ui names them.
  const document = (await world.api('/openapi.json')) as { paths: Record<string, Record<string, { tags?: string[]; operationId?: string }>> };
  const operations = new Set(Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => `/docs#/${op.tags?.[0]?.replace(/\s/g, '_')}/${op.operationId}`)));
  for (const link of links) expect({ link, opens: operations.has(link!) }).toEqual({ link, opens: true });

  // No reviews: said in words, not as a rating of 0.
  expect(await page.textContent('#profile-figures dd[data-key="rating"]')).toBe('No reviews yet');
  const ratings = await page.evaluate(
    "import('/dashboard/assets/views/profileHealth.js').then(({ ratingText }) => [ratingText({ averageRating: 4.5, totalReviews: 2 }), ratingText({ averageRating: 5, totalReviews: 1 }), ratingText({ averageRating: 0, totalReviews: 0 })])",
  );
  expect(ratings).toEqual(['4.5 out of 5 from 2 reviews', '5 out of 5 from 1 review', 'No reviews yet']);
}, 60_000);

it('shows what people reported about AI summaries naming the business, in words: the reason, their details, the summary quoted', async () => {
  const item = page.locator('#summary-report-list li');
  expect(await item.count()).toBe(1);
  const text = await item.innerText();
  expect(text).toContain('Out of date (hours, prices, closed) · reported 2026-03-12');
  expect(text).toContain(REPORT.details);
  expect(await item.locator('blockquote').innerText()).toBe(REPORT.text);
  expect(text).toContain('generated by gpt-4o-mini on 2026-03-12');
  // The owner is not told who reported.
  expect(text).not.toContain('acct_somecaller0001');
}, 60_000);

it('says what the server\'s operator sets for payments when it has no payment keys', async () => {
  await page.waitForSelector('#payments[data-state="empty"]', WAIT);
  expect(await page.textContent('#payments')).toContain('Payments are not set up on this server.');
  expect(await page.textContent('#payments')).toContain('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
});

it('leaves no row half empty at 1280 px: full-width panels, and one pair that shares its row', async () => {
  const rows = await panelRows();
  expect(rows.map((row) => row.panels)).toEqual([['visibility'], ['benchmarks'], ['platforms', 'attribution'], ['funnel'], ['payments'], ['profile-health'], ['summary-reports']]);
  for (const row of rows) expect({ row: row.panels, fromLeft: row.fromLeft, toRight: row.toRight }).toEqual({ row: row.panels, fromLeft: 0, toRight: 0 });
  await keepScreenshot(page, 'dashboard-owner-1280', true);
  expect(problems).toEqual([]);
}, 60_000);

it('at 375 px puts one panel in each row, full width, and nothing wider than the screen', async () => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForFunction(() => document.documentElement.scrollWidth <= 375, undefined, WAIT);
  const rows = await panelRows();
  expect(rows.map((row) => row.panels)).toEqual([['visibility'], ['benchmarks'], ['platforms'], ['attribution'], ['funnel'], ['payments'], ['profile-health'], ['summary-reports']]);
  for (const row of rows) expect({ row: row.panels, fromLeft: row.fromLeft, toRight: row.toRight }).toEqual({ row: row.panels, fromLeft: 0, toRight: 0 });
  expect(await overflowingElements(page)).toEqual([]);
  await keepScreenshot(page, 'dashboard-owner-375', true);
  expect(problems).toEqual([]);
}, 60_000);
