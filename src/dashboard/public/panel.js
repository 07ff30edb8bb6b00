// One dashboard card: a title, its own controls, and a body that is loading, empty, in error or
// showing a chart with its table. The table toggle swaps the canvas for a real <table> with the
// same numbers (screen readers, copying); the API's exact value sits in each cell's data-value.
import { drawChart } from './charts.js';
import { h, replace } from './dom.js';
import { errorBox, loadingBox } from './messages.js';

/** half: the panel shares its row with the next half panel on wide screens (full width otherwise). */
export function createPanel({ id, title, description, half = false }) {
  const controls = h('div', { className: 'panel-controls' });
  const body = h('div', { className: 'panel-body' });
  const element = h(
    'section',
    { className: half ? 'card panel panel-half' : 'card panel', id, 'aria-labelledby': `${id}-title`, 'aria-busy': 'false' },
    h('h2', { id: `${id}-title` }, title),
    description && h('p', { className: 'panel-description' }, description),
    controls,
    body,
  );
  let charts = [];
  const clear = () => {
    for (const chart of charts) chart.destroy();
    charts = [];
  };
  return {
    element,
    controls,
    loading() {
      clear();
      element.setAttribute('aria-busy', 'true');
      element.dataset.state = 'loading';
      replace(body, loadingBox());
    },
    error(error, retry) {
      clear();
      element.setAttribute('aria-busy', 'false');
      element.dataset.state = 'error';
      replace(body, errorBox(error, retry));
    },
    empty(node) {
      clear();
      element.setAttribute('aria-busy', 'false');
      element.dataset.state = 'empty';
      replace(body, node);
    },
    /**
     * Shows the nodes; each chart block's canvases are drawn once they are in the page (their size
     * comes from CSS), wherever a layout wrapper put them.
     */
    show(...nodes) {
      clear();
      replace(body, ...nodes);
      for (const block of body.querySelectorAll('.chart-block')) charts.push(...block.drawCharts());
      element.setAttribute('aria-busy', 'false');
      element.dataset.state = 'ready';
    },
  };
}

/**
 * table: { caption, columns: [label...], rows: [[cell...]] } where a cell is a string (text),
 * or { text, value } (a number: shown as text, exact in data-value), the first cell a row header.
 */
export function dataTable(id, table) {
  return h(
    'table',
    { id, className: 'data-table' },
    h('caption', {}, table.caption),
    h('thead', {}, h('tr', {}, table.columns.map((label) => h('th', { scope: 'col' }, label)))),
    h(
      'tbody',
      {},
      table.rows.map((row) =>
        h(
          'tr',
          {},
          row.map((cell, i) => {
            const text = typeof cell === 'object' && cell !== null ? cell.text : cell;
            const value = typeof cell === 'object' && cell !== null ? cell.value : undefined;
            return i === 0 ? h('th', { scope: 'row', 'data-value': value }, text) : h('td', { 'data-value': value, className: value !== undefined ? 'num' : undefined }, text);
          }),
        ),
      ),
    ),
  );
}

/**
 * Charts and their table behind one toggle button; the panel draws the charts after showing
 * them. charts: [{ label (what the canvas says to a screen reader), config, title?, height? }].
 * A chart's height in pixels, when given, is set through the CSSOM (the CSP allows no style attribute).
 */
export function chartsWithTable({ id, charts, table }) {
  const drawings = charts.map(({ label, config, title, height }) => {
    const canvas = h('canvas', { role: 'img', 'aria-label': label });
    const box = h('div', { className: 'chart-box' }, canvas);
    if (height) box.style.height = `${height}px`;
    return { element: title ? h('figure', { className: 'chart-figure' }, h('figcaption', {}, title), box) : box, draw: () => drawChart(canvas, config) };
  });
  const chartBox = h('div', { className: charts.length > 1 ? 'chart-set' : 'chart-single', id: `${id}-chart` }, drawings.map((drawing) => drawing.element));
  const tableBox = h('div', { className: 'table-box', id: `${id}-table-box`, hidden: true }, dataTable(`${id}-table`, table));
  const toggle = h('button', { type: 'button', className: 'table-toggle', id: `${id}-toggle`, 'aria-controls': `${id}-table-box`, 'aria-expanded': 'false' }, 'Show table');
  toggle.addEventListener('click', () => {
    const showTable = tableBox.hidden;
    tableBox.hidden = !showTable;
    chartBox.hidden = showTable;
    toggle.setAttribute('aria-expanded', String(showTable));
    toggle.textContent = showTable ? 'Show chart' : 'Show table';
  });
  const block = h('div', { className: 'chart-block' }, toggle, chartBox, tableBox);
  block.drawCharts = () => drawings.map((drawing) => drawing.draw());
  return block;
}

/** One chart and its table. */
export function chartWithTable({ id, label, config, table, height }) {
  return chartsWithTable({ id, charts: [{ label, config, height }], table });
}

/** Two columns side by side on wide screens, one above the other on narrow ones. */
export function columns(...nodes) {
  return h('div', { className: 'panel-columns' }, nodes.map((node) => h('div', { className: 'panel-column' }, node)));
}

/** A labelled select whose change calls onChange(value). */
export function selectControl({ id, label, options, value, onChange }) {
  const select = h(
    'select',
    { id },
    options.map(([optionValue, text]) => h('option', { value: optionValue, selected: optionValue === value }, text)),
  );
  select.addEventListener('change', () => onChange(select.value));
  return h('div', { className: 'field' }, h('label', { for: id }, label), select);
}

/** Key figures as a definition list; each value keeps the exact number in data-value. */
export function figures(id, items) {
  return h(
    'dl',
    { id, className: 'figures' },
    items.map(([name, text, value, key]) => h('div', {}, h('dt', {}, name), h('dd', { 'data-value': value, 'data-key': key }, text))),
  );
}
