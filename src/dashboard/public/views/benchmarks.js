// Benchmarks (GET /v1/analytics/benchmarks): where the business stands among the published
// businesses of its category (and place). For each number, one small chart puts the owner's bar
// beside the peers' 25th, 50th (median) and 75th percentiles, on that number's own scale and
// unit, and a sentence says where that is; or the API's reason why no percentile is shown.
import * as api from '../api.js';
import { axis, barsHeight, horizontalBars, PEERS, YOU } from '../charts.js';
import { h } from '../dom.js';
import { formatCount, formatRate, ordinal, percent } from '../format.js';
import { chartsWithTable, figures } from '../panel.js';
import { createView } from '../view.js';

/** key, name, format for text, the chart's value and its axis title (with the unit). */
const METRICS = [
  { key: 'impressions', name: 'Impressions', format: formatCount, value: (v) => v, unit: 'Impressions in the period' },
  { key: 'citations', name: 'Citations', format: formatCount, value: (v) => v, unit: 'Citations in the period' },
  { key: 'conversionRate', name: 'Conversion rate', format: formatRate, value: percent, unit: 'Conversion rate (%)' },
];

/** Where `yours` lies among the peers' quartiles, in words. */
export function standing(yours, { p25, p50, p75 }) {
  if (yours > p75) return 'in the top quarter of your peers';
  if (yours > p50) return 'above the median peer';
  if (yours === p50) return 'level with the median peer';
  if (yours >= p25) return 'below the median peer';
  return 'in the bottom quarter of your peers';
}

function metricChart(metric, yours, percentiles) {
  const { p25, p50, p75, yourPercentile } = percentiles;
  const labels = [`25th percentile: ${metric.format(p25)}`, `Median: ${metric.format(p50)}`, `75th percentile: ${metric.format(p75)}`, `You: ${metric.format(yours)}`];
  return {
    title: `${metric.name}: you are ${standing(yours, percentiles)} (${ordinal(yourPercentile)} percentile)`,
    label: `${metric.name}, peers and you. ${labels.join('; ')}.`,
    height: barsHeight(4),
    config: horizontalBars({
      labels,
      values: [p25, p50, p75, yours].map(metric.value),
      colours: [PEERS, PEERS, PEERS, YOU],
      datasetLabel: metric.unit,
      valueAxis: axis(metric.unit, { integers: metric.key !== 'conversionRate', ...(metric.key === 'conversionRate' && { format: (value) => `${value} %` }) }),
    }),
  };
}

export function benchmarksView() {
  const options = { location: '' };
  const view = createView({
    id: 'benchmarks',
    title: 'Benchmarks',
    description:
      'You against the published businesses of your category: a quarter of them are below the 25th percentile, half below the median, ' +
      'three quarters below the 75th percentile. Your percentile is the share of peers below you.',
    fetch: (selection) => api.analytics('benchmarks', selection, options),
    render(panel, answer) {
      const { yourMetrics, benchmarks } = answer;
      const peers = `${formatCount(benchmarks.sampleSize)} businesses in ${benchmarks.category}${benchmarks.location ? `, ${benchmarks.location}` : ''}`;
      const yours = figures('benchmarks-figures', [
        ['Compared with', peers, benchmarks.sampleSize, 'sampleSize'],
        ...METRICS.map(({ key, name, format }) => [`Your ${name.toLowerCase()}`, format(yourMetrics[key]), yourMetrics[key], key]),
      ]);
      if (benchmarks.percentilesWithheld || METRICS.some(({ key }) => !benchmarks.percentiles[key])) {
        return panel.show(
          yours,
          h(
            'div',
            { id: 'benchmarks-withheld', className: 'state state-empty' },
            h('p', {}, h('strong', {}, 'No comparison for this period. ')),
            h('p', {}, benchmarks.percentilesWithheld ?? 'The API sent no percentiles for this comparison.'),
            h('p', {}, 'Try a wider place (clear the location) or wait until more businesses of your category publish.'),
          ),
        );
      }
      panel.show(
        yours,
        chartsWithTable({
          id: 'benchmarks',
          charts: METRICS.map((metric) => metricChart(metric, yourMetrics[metric.key], benchmarks.percentiles[metric.key])),
          table: {
            caption: `You against ${peers} (percentiles by linear interpolation; your percentile counts ties half)`,
            columns: ['Metric', 'You', 'p25', 'p50 (median)', 'p75', 'Your percentile'],
            rows: METRICS.map(({ key, name, format }) => {
              const p = benchmarks.percentiles[key];
              return [
                { text: name, value: key },
                { text: format(yourMetrics[key]), value: yourMetrics[key] },
                { text: format(p.p25), value: p.p25 },
                { text: format(p.p50), value: p.p50 },
                { text: format(p.p75), value: p.p75 },
                { text: `${p.yourPercentile}`, value: p.yourPercentile },
              ];
            }),
          },
        }),
      );
    },
  });
  const input = h('input', { id: 'benchmarks-location', type: 'text', placeholder: 'e.g. Austin, TX', maxlength: '100' });
  const form = h(
    'form',
    { className: 'inline-form' },
    h('label', { for: 'benchmarks-location' }, 'Peers in (optional)'),
    input,
    h('button', { type: 'submit' }, 'Compare'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    options.location = input.value.trim();
    view.reload();
  });
  view.panel.controls.append(form);
  return view;
}
