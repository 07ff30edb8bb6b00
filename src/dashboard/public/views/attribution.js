// Attribution (GET /v1/analytics/attribution): which touchpoints get the credit for conversions,
// under the model chosen here.
import * as api from '../api.js';
import { axis, barsHeight, horizontalBars } from '../charts.js';
import { noConversionsYet } from '../messages.js';
import { platformNamer } from '../platforms.js';
import { formatCount, formatDecimal, formatRevenue, humanise } from '../format.js';
import { chartWithTable, figures } from '../panel.js';
import { createView, optionSelect } from '../view.js';

export const MODELS = [
  ['multiTouch', 'Position-based (40/20/40)'],
  ['linear', 'Linear (equal shares)'],
  ['firstTouch', 'First touch'],
  ['lastTouch', 'Last touch'],
];

const capitalise = (text) => `${text[0].toUpperCase()}${text.slice(1)}`;

export function attributionView() {
  const options = { model: 'multiTouch' };
  const view = createView({
    id: 'attribution',
    title: 'Attribution',
    description: 'Which moments before a conversion get the credit for it and its revenue: being shown, named or compared, a website visit, by AI platform.',
    half: true,
    fetch: (selection) => Promise.all([api.analytics('attribution', selection, options), platformNamer(selection.environment)]),
    render(panel, [answer, platformName]) {
      const { touchpoints } = answer;
      if (answer.conversions === 0) {
        return panel.empty(noConversionsYet());
      }
      const label = (t) => `${capitalise(humanise(t.type))} on ${platformName(t.platform)}`;
      panel.show(
        figures('attribution-figures', [
          ['Conversions credited', formatCount(answer.conversions), answer.conversions, 'conversions'],
          ['Revenue credited', formatRevenue(answer.revenue), JSON.stringify(answer.revenue), 'revenue'],
        ]),
        chartWithTable({
          id: 'attribution',
          label: `Credit per touchpoint under ${answer.model}: ${touchpoints.map((t) => `${label(t)} ${formatDecimal(t.credit)}`).join(', ')}`,
          height: barsHeight(touchpoints.length),
          config: horizontalBars({
            labels: touchpoints.map((t) => `${label(t)}: ${formatDecimal(t.credit)}`),
            values: touchpoints.map((t) => t.credit),
            datasetLabel: `Credit (conversions), ${answer.model}`,
            valueAxis: axis('Conversions credited'),
          }),
          table: {
            caption: `Credit per touchpoint type and platform (model: ${answer.model})`,
            columns: ['Touchpoint', 'Platform', 'Credit (conversions)', 'Conversions it shares in', 'Revenue credited'],
            rows: touchpoints.map((t) => [
              { text: humanise(t.type), value: t.type },
              { text: platformName(t.platform), value: t.platform },
              { text: formatDecimal(t.credit), value: t.credit },
              { text: formatCount(t.conversions), value: t.conversions },
              { text: formatRevenue(t.revenue), value: JSON.stringify(t.revenue) },
            ]),
          },
        }),
      );
    },
  });
  view.panel.controls.append(optionSelect(view, options, 'model', { id: 'attribution-model', label: 'Model', choices: MODELS }));
  return view;
}
