// Attribution (GET /v1/analytics/attribution): which touchpoints get the credit for conversions,
// under the model chosen here.
import * as api from '../api.js';
import { colour } from '../charts.js';
import { h } from '../dom.js';
import { formatCount, formatDecimal, humanise } from '../format.js';
import { chartWithTable, figures } from '../panel.js';
import { createView, optionSelect } from '../view.js';

export const MODELS = [
  ['multiTouch', 'Position-based (40/20/40)'],
  ['linear', 'Linear (equal shares)'],
  ['firstTouch', 'First touch'],
  ['lastTouch', 'Last touch'],
];

export function attributionView() {
  const options = { model: 'multiTouch' };
  const view = createView({
    id: 'attribution',
    title: 'Attribution',
    description: 'Conversions credited to the touchpoints before them (by touchpoint type and AI platform).',
    fetch: (selection) => api.analytics('attribution', selection, options),
    render(panel, answer) {
      const { touchpoints } = answer;
      if (answer.conversions === 0) {
        return panel.empty(
          h(
            'div',
            { className: 'state state-empty' },
            h('p', {}, h('strong', {}, 'No conversions with touchpoints in this period yet.')),
            h('p', {}, 'A conversion is credited to the events of its journey before it. Report conversions with POST /v1/analytics/events (type conversion, the journey\'s X-Session-ID as journeyId), or try a longer period.'),
          ),
        );
      }
      const label = (t) => `${humanise(t.type)} · ${humanise(t.platform)}`;
      panel.show(
        figures('attribution-figures', [['Conversions credited', formatCount(answer.conversions), answer.conversions, 'conversions']]),
        chartWithTable({
          id: 'attribution',
          label: `Credit per touchpoint under ${answer.model}: ${touchpoints.map((t) => `${label(t)} ${formatDecimal(t.credit)}`).join(', ')}`,
          config: {
            type: 'bar',
            data: {
              labels: touchpoints.map(label),
              datasets: [{ label: `Credit (conversions), ${answer.model}`, data: touchpoints.map((t) => t.credit), backgroundColor: touchpoints.map((_, i) => colour(i)) }],
            },
            options: { indexAxis: 'y', scales: { x: { beginAtZero: true } }, plugins: { legend: { display: false } } },
          },
          table: {
            caption: `Credit per touchpoint type and platform (model: ${answer.model})`,
            columns: ['Touchpoint', 'Platform', 'Credit (conversions)', 'Conversions it shares in'],
            rows: touchpoints.map((t) => [
              { text: humanise(t.type), value: t.type },
              { text: humanise(t.platform), value: t.platform },
              { text: formatDecimal(t.credit), value: t.credit },
              { text: formatCount(t.conversions), value: t.conversions },
            ]),
          },
        }),
      );
    },
  });
  view.panel.controls.append(optionSelect(view, options, 'model', { id: 'attribution-model', label: 'Model', choices: MODELS }));
  return view;
}
