// Platform share (GET /v1/analytics/upstream-metrics, its `platforms`): which AI assistants show
// the business, each platform's share of the impressions in percent, written on its bar; the
// table adds each platform's crawler fetches of the public page (training, search, on a person's request).
import { axis, barsHeight, horizontalBars } from '../charts.js';
import { formatCount, formatDecimal, formatRate, percent } from '../format.js';
import { noEventsYet } from '../messages.js';
import { platformNamer } from '../platforms.js';
import { chartWithTable } from '../panel.js';
import { createView } from '../view.js';
import { upstreamMetrics } from './visibility.js';

export function platformShareView() {
  return createView({
    id: 'platforms',
    title: 'Platform share',
    description: 'Which AI assistants show this business: each one\'s share of the impressions.',
    half: true,
    // Same question and granularity as the visibility view's first load: one call for both.
    fetch: (selection) => Promise.all([upstreamMetrics(selection), platformNamer(selection.environment)]),
    render(panel, [answer, platformName]) {
      const platforms = [...answer.platforms].sort((a, b) => b.share - a.share);
      const crawled = answer.metrics.crawls?.total ?? 0;
      if (platforms.length === 0 || answer.metrics.impressions + answer.metrics.citations + crawled === 0) return panel.empty(noEventsYet());
      const labels = platforms.map((p) => `${platformName(p.name)}: ${formatRate(p.share)}`);
      panel.show(
        chartWithTable({
          id: 'platforms',
          label: `Share of impressions: ${labels.join(', ')}`,
          height: barsHeight(platforms.length),
          config: horizontalBars({
            labels,
            values: platforms.map((p) => percent(p.share)),
            datasetLabel: 'Share of impressions (%)',
            valueAxis: axis('Share of impressions (%)', { min: 0, max: 100, format: (value) => `${value} %` }),
          }),
          table: {
            caption: 'Impressions, citations, share and crawler fetches of the public page per platform',
            columns: ['Platform', 'Impressions', 'Citations', 'Share of impressions', 'Average position', 'Crawler fetches (training / search / user)'],
            rows: platforms.map((p) => [
              { text: platformName(p.name), value: p.name },
              { text: formatCount(p.impressions), value: p.impressions },
              { text: formatCount(p.citations), value: p.citations },
              { text: formatRate(p.share), value: p.share },
              { text: formatDecimal(p.averagePosition), value: p.averagePosition ?? '' },
              crawlCell(p.crawls),
            ]),
          },
        }),
      );
    },
  });
}

/** "12 (8 / 3 / 1)": a platform's crawler fetches and their purposes; sorted by the total. */
function crawlCell(crawls) {
  if (!crawls) return { text: formatCount(0), value: 0 };
  return { text: `${formatCount(crawls.total)} (${formatCount(crawls.training)} / ${formatCount(crawls.search)} / ${formatCount(crawls.user)})`, value: crawls.total };
}
