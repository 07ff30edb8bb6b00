// Platform share (GET /v1/analytics/upstream-metrics, its `platforms`): which AI assistants show
// the business, by share of impressions.
import { colour } from '../charts.js';
import { formatCount, formatDecimal, formatRate, humanise } from '../format.js';
import { noEventsYet } from '../messages.js';
import { chartWithTable } from '../panel.js';
import { createView } from '../view.js';
import { upstreamMetrics } from './visibility.js';

export function platformShareView() {
  return createView({
    id: 'platforms',
    title: 'Platform share',
    description: 'Share of impressions per AI platform ("direct": callers that declared none).',
    // Same question and granularity as the visibility view's first load: one call for both.
    fetch: (selection) => upstreamMetrics(selection),
    render(panel, answer) {
      const { platforms } = answer;
      if (platforms.length === 0 || answer.metrics.impressions + answer.metrics.citations === 0) return panel.empty(noEventsYet());
      panel.show(
        chartWithTable({
          id: 'platforms',
          label: `Share of impressions: ${platforms.map((p) => `${humanise(p.name)} ${formatRate(p.share)}`).join(', ')}`,
          config: {
            type: 'doughnut',
            data: {
              labels: platforms.map((p) => humanise(p.name)),
              datasets: [{ label: 'Share of impressions (%)', data: platforms.map((p) => Math.round(p.share * 1000) / 10), backgroundColor: platforms.map((_, i) => colour(i)) }],
            },
          },
          table: {
            caption: 'Impressions, citations and share per platform',
            columns: ['Platform', 'Impressions', 'Citations', 'Share of impressions', 'Average position'],
            rows: platforms.map((p) => [
              { text: humanise(p.name), value: p.name },
              { text: formatCount(p.impressions), value: p.impressions },
              { text: formatCount(p.citations), value: p.citations },
              { text: formatRate(p.share), value: p.share },
              { text: formatDecimal(p.averagePosition), value: p.averagePosition ?? '' },
            ]),
          },
        }),
      );
    },
  });
}
