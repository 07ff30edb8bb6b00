// Journey funnel (GET /v1/analytics/intent-journeys). The API counts each journey once, at the
// furthest stage it reached; the funnel shows how many reached at least each stage (a journey
// that converted was also aware, considering and intending), and the table shows both.
import * as api from '../api.js';
import { axis, barsHeight, horizontalBars } from '../charts.js';
import { h } from '../dom.js';
import { formatCount, formatDecimal, formatDuration, formatRate, formatRevenue } from '../format.js';
import { noEventsYet } from '../messages.js';
import { chartWithTable, columns, dataTable, figures } from '../panel.js';
import { createView } from '../view.js';

export const STAGES = [
  ['awareness', 'Awareness'],
  ['consideration', 'Consideration'],
  ['intent', 'Intent'],
  ['conversion', 'Conversion'],
];

/** Journeys that reached at least each stage, from the counts at the furthest stage. */
export function reachedAtLeast(byStage) {
  let running = 0;
  const reached = {};
  for (const [stage] of [...STAGES].reverse()) {
    running += byStage[stage];
    reached[stage] = running;
  }
  return reached;
}

export function funnelView() {
  return createView({
    id: 'funnel',
    title: 'Journey funnel',
    description:
      'A journey is one person\'s session with this business: shown in an answer (awareness), named, compared or its profile viewed ' +
      '(consideration), a visit to your website (intent), a conversion (a booking, a call, a purchase you report). Revenue is what ' +
      'the converting journeys paid (paid bookings) or reported.',
    fetch: (selection) => api.analytics('intent-journeys', selection),
    render(panel, answer) {
      const { journeys, topQueries } = answer;
      if (journeys.total === 0) return panel.empty(noEventsYet('journeys'));
      const reached = reachedAtLeast(journeys.byStage);
      panel.show(
        figures('funnel-figures', [
          ['Journeys', formatCount(journeys.total), journeys.total, 'total'],
          ['Conversion rate', formatRate(journeys.conversionRate), journeys.conversionRate, 'conversionRate'],
          ['Average touchpoints', formatDecimal(journeys.avgTouchpoints), journeys.avgTouchpoints, 'avgTouchpoints'],
          ['Average duration', formatDuration(journeys.avgDuration), journeys.avgDuration, 'avgDuration'],
          // Beside the conversion count: what converting journeys paid (paid bookings) or reported.
          ['Revenue', formatRevenue(journeys.revenue), JSON.stringify(journeys.revenue), 'revenue'],
        ]),
        columns(
          chartWithTable({
            id: 'funnel',
            label: `Journeys reaching each stage: ${STAGES.map(([stage, name]) => `${name} ${reached[stage]}`).join(', ')}`,
            height: barsHeight(STAGES.length),
            config: horizontalBars({
              labels: STAGES.map(([stage, name]) => `${name}: ${formatCount(reached[stage])}`),
              values: STAGES.map(([stage]) => reached[stage]),
              datasetLabel: 'Journeys that reached at least this stage',
              valueAxis: axis('Journeys that reached at least this stage', { integers: true }),
            }),
            table: {
              caption: 'Journeys per stage',
              columns: ['Stage', 'Reached at least this stage', 'Stopped at this stage'],
              rows: STAGES.map(([stage, name]) => [
                { text: name, value: stage },
                { text: formatCount(reached[stage]), value: reached[stage] },
                { text: formatCount(journeys.byStage[stage]), value: journeys.byStage[stage] },
              ]),
            },
          }),
          [
            h('h3', {}, 'What people asked'),
            topQueries.length === 0
              ? h('p', { className: 'state state-empty' }, 'No journey of this period carried a query.')
              : dataTable('top-queries', {
                  caption: 'The questions most journeys started from, most first',
                  columns: ['Query', 'Journeys', 'Conversion rate'],
                  rows: topQueries.map((q) => [q.query, { text: formatCount(q.count), value: q.count }, { text: formatRate(q.conversionRate), value: q.conversionRate }]),
                }),
          ],
        ),
      );
    },
  });
}
