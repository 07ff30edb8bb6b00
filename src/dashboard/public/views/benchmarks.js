// Benchmarks (GET /v1/analytics/benchmarks): where the business stands among the published
// businesses of its category (and place), or why no percentile is shown.
import * as api from '../api.js';
import { colour } from '../charts.js';
import { h } from '../dom.js';
import { formatCount, formatRate } from '../format.js';
import { chartWithTable, figures } from '../panel.js';
import { createView } from '../view.js';

const METRICS = [
  ['impressions', 'Impressions', formatCount],
  ['citations', 'Citations', formatCount],
  ['conversionRate', 'Conversion rate', formatRate],
];

export function benchmarksView() {
  const options = { location: '' };
  const view = createView({
    id: 'benchmarks',
    title: 'Benchmarks',
    description: 'Your numbers against the 25th, 50th and 75th percentiles of the published businesses of your category.',
    fetch: (selection) => api.analytics('benchmarks', selection, options),
    render(panel, answer) {
      const { yourMetrics, benchmarks } = answer;
      const peers = `${formatCount(benchmarks.sampleSize)} peers in ${benchmarks.category}${benchmarks.location ? `, ${benchmarks.location}` : ''}`;
      const yours = figures('benchmarks-figures', [
        ['Peers', peers, benchmarks.sampleSize, 'sampleSize'],
        ...METRICS.map(([key, name, format]) => [`Your ${name.toLowerCase()}`, format(yourMetrics[key]), yourMetrics[key], key]),
      ]);
      if (benchmarks.percentilesWithheld || METRICS.some(([key]) => !benchmarks.percentiles[key])) {
        return panel.show(
          yours,
          h(
            'div',
            { id: 'benchmarks-withheld', className: 'state state-empty' },
            h('p', {}, h('strong', {}, 'No percentiles for this comparison. ')),
            h('p', {}, benchmarks.percentilesWithheld ?? 'The API sent no percentiles for this comparison.'),
            h('p', {}, 'Try a wider place (clear the location) or wait until more businesses of your category publish.'),
          ),
        );
      }
      const rows = METRICS.map(([key, name, format]) => {
        const p = benchmarks.percentiles[key];
        return [
          { text: name, value: key },
          { text: format(yourMetrics[key]), value: yourMetrics[key] },
          { text: format(p.p25), value: p.p25 },
          { text: format(p.p50), value: p.p50 },
          { text: format(p.p75), value: p.p75 },
          { text: `${p.yourPercentile}`, value: p.yourPercentile },
        ];
      });
      panel.show(
        yours,
        chartWithTable({
          id: 'benchmarks',
          label: `Your percentile among ${peers}: ${METRICS.map(([key, name]) => `${name} ${benchmarks.percentiles[key].yourPercentile}`).join(', ')}`,
          config: {
            type: 'bar',
            data: {
              labels: METRICS.map(([, name]) => name),
              datasets: [{ label: 'Your percentile (0-100: share of peers below you)', data: METRICS.map(([key]) => benchmarks.percentiles[key].yourPercentile), backgroundColor: METRICS.map((_, i) => colour(i)) }],
            },
            options: { indexAxis: 'y', scales: { x: { min: 0, max: 100 } }, plugins: { legend: { display: false } } },
          },
          table: {
            caption: `You against ${peers} (percentiles by linear interpolation; your percentile counts ties half)`,
            columns: ['Metric', 'You', 'p25', 'p50 (median)', 'p75', 'Your percentile'],
            rows,
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
