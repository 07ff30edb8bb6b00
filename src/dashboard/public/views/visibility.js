// Visibility over time (GET /v1/analytics/upstream-metrics): impressions and citations per day,
// ISO week or month, for every platform or one.
import * as api from '../api.js';
import { colour } from '../charts.js';
import { formatCount, formatDecimal, humanise } from '../format.js';
import { noEventsYet } from '../messages.js';
import { chartWithTable, figures } from '../panel.js';
import { createView, optionSelect } from '../view.js';

const GRANULARITIES = [['day', 'Day'], ['week', 'Week'], ['month', 'Month']];

export function upstreamMetrics(selection, { granularity = 'day', platform } = {}) {
  return api.analytics('upstream-metrics', selection, { granularity, platform });
}

export function visibilityView() {
  const options = { granularity: 'day', platform: '' };
  let platforms = [];
  const view = createView({
    id: 'visibility',
    title: 'Visibility over time',
    description: 'How often AI assistants showed this business (impressions) and named it in their summary (citations).',
    fetch: async (selection) => {
      // The platform list comes from the unfiltered answer, so a filtered one can still offer the others.
      const all = await upstreamMetrics(selection, { granularity: options.granularity });
      platforms = all.platforms.map((p) => p.name);
      return options.platform ? upstreamMetrics(selection, options) : all;
    },
    render(panel, answer) {
      drawControls();
      const { metrics, timeSeries } = answer;
      if (metrics.impressions === 0 && metrics.citations === 0) return panel.empty(noEventsYet(options.platform ? `events from ${humanise(options.platform)}` : 'events'));
      const where = options.platform ? ` on ${humanise(options.platform)}` : '';
      panel.show(
        figures('visibility-totals', [
          ['Impressions', formatCount(metrics.impressions), metrics.impressions, 'impressions'],
          ['Citations', formatCount(metrics.citations), metrics.citations, 'citations'],
          ['Comparisons', formatCount(metrics.comparisons), metrics.comparisons, 'comparisons'],
          ['Zero-click', formatCount(metrics.zeroClick), metrics.zeroClick, 'zeroClick'],
          ['Average position', formatDecimal(metrics.averagePosition), metrics.averagePosition ?? '', 'averagePosition'],
        ]),
        chartWithTable({
          id: 'visibility',
          label: `Impressions and citations per ${options.granularity}${where}`,
          config: {
            type: 'line',
            data: {
              labels: timeSeries.map((b) => b.date),
              datasets: [
                { label: 'Impressions', data: timeSeries.map((b) => b.impressions), borderColor: colour(0), backgroundColor: colour(0), tension: 0 },
                { label: 'Citations', data: timeSeries.map((b) => b.citations), borderColor: colour(1), backgroundColor: colour(1), tension: 0 },
              ],
            },
            options: { scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
          },
          table: {
            caption: `Impressions and citations per ${options.granularity}${where} (a week starts on Monday, a bucket is named by its first day)`,
            columns: [options.granularity === 'day' ? 'Day' : `${options.granularity[0].toUpperCase()}${options.granularity.slice(1)} starting`, 'Impressions', 'Citations'],
            rows: timeSeries.map((b) => [b.date, { text: formatCount(b.impressions), value: b.impressions }, { text: formatCount(b.citations), value: b.citations }]),
          },
        }),
      );
    },
  });

  function drawControls() {
    view.panel.controls.replaceChildren(
      optionSelect(view, options, 'granularity', { id: 'granularity', label: 'Group by', choices: GRANULARITIES }),
      optionSelect(view, options, 'platform', { id: 'visibility-platform', label: 'Platform', choices: [['', 'All platforms'], ...platforms.map((name) => [name, humanise(name)])] }),
    );
  }
  return view;
}
