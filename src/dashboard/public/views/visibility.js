// Visibility over time (GET /v1/analytics/upstream-metrics): how often assistants showed the
// business (impressions) and named it in their summary (citations), per day, ISO week or month,
// for every platform or one. The two are bars side by side, so citations stay visible when they
// equal the impressions, and the citation rate is a figure of its own.
import * as api from '../api.js';
import { axis, colour } from '../charts.js';
import { formatCount, formatDecimal, formatRate } from '../format.js';
import { noEventsYet } from '../messages.js';
import { platformNamer } from '../platforms.js';
import { chartWithTable, figures } from '../panel.js';
import { createView, optionSelect } from '../view.js';

const GRANULARITIES = [['day', 'Day'], ['week', 'Week'], ['month', 'Month']];
/** The x axis's title: what one bucket is (buckets are the business's local days). */
const BUCKET_AXIS = { day: 'Day (the business\'s local date)', week: 'Week, by its Monday', month: 'Month, by its first day' };

export function upstreamMetrics(selection, { granularity = 'day', platform } = {}) {
  return api.analytics('upstream-metrics', selection, { granularity, platform });
}

export function visibilityView() {
  const options = { granularity: 'day', platform: '' };
  let platforms = [];
  let platformName = (name) => name;
  const view = createView({
    id: 'visibility',
    title: 'Visibility over time',
    description: 'How often AI assistants showed this business in an answer (impressions) and named it in the answer\'s summary (citations).',
    fetch: async (selection) => {
      // The platform list comes from the unfiltered answer, so a filtered one can still offer the others.
      const [all, namer] = await Promise.all([upstreamMetrics(selection, { granularity: options.granularity }), platformNamer(selection.environment)]);
      platforms = all.platforms.map((p) => p.name);
      platformName = namer;
      return options.platform ? upstreamMetrics(selection, options) : all;
    },
    render(panel, answer) {
      drawControls();
      const { metrics, timeSeries } = answer;
      if (metrics.impressions === 0 && metrics.citations === 0) return panel.empty(noEventsYet(options.platform ? `events from ${platformName(options.platform)}` : 'events'));
      const where = options.platform ? ` on ${platformName(options.platform)}` : '';
      const citationRate = metrics.impressions > 0 ? metrics.citations / metrics.impressions : null;
      panel.show(
        figures('visibility-totals', [
          ['Impressions (shown in an answer)', formatCount(metrics.impressions), metrics.impressions, 'impressions'],
          ['Citations (named in the summary)', formatCount(metrics.citations), metrics.citations, 'citations'],
          ['Citation rate (citations per impression)', citationRate === null ? '–' : formatRate(citationRate), citationRate ?? '', 'citationRate'],
          ['Compared with a competitor', formatCount(metrics.comparisons), metrics.comparisons, 'comparisons'],
          ['Answered without a click', formatCount(metrics.zeroClick), metrics.zeroClick, 'zeroClick'],
          ['Average position in answers', metrics.averagePosition === null ? '–' : `${formatDecimal(metrics.averagePosition)} (1 = first)`, metrics.averagePosition ?? '', 'averagePosition'],
        ]),
        chartWithTable({
          id: 'visibility',
          label: `Impressions and citations per ${options.granularity}${where}: bars side by side for each ${options.granularity}`,
          config: {
            type: 'bar',
            data: {
              labels: timeSeries.map((b) => b.date),
              datasets: [
                { label: 'Impressions', data: timeSeries.map((b) => b.impressions), backgroundColor: colour(0) },
                { label: 'Citations', data: timeSeries.map((b) => b.citations), backgroundColor: colour(1) },
              ],
            },
            options: {
              scales: {
                x: { title: { display: true, text: BUCKET_AXIS[options.granularity], font: { weight: 'bold' } } },
                y: axis(`Count per ${options.granularity}`, { integers: true }),
              },
            },
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
      optionSelect(view, options, 'platform', { id: 'visibility-platform', label: 'Platform', choices: [['', 'All platforms'], ...platforms.map((name) => [name, platformName(name)])] }),
    );
  }
  return view;
}
