// Chart.js (the UMD build, window.Chart) with the dashboard's defaults: no animation (a chart
// is read, not watched; screenshots and tests see the final drawing), sizes from the CSS box.
// Every chart names what its axes count and in which unit (axis()).
export const PALETTE = ['#1f6feb', '#d97706', '#059669', '#9333ea', '#dc2626', '#0891b2', '#65a30d', '#db2777', '#4b5563', '#b45309'];
/** The owner's own bar among the peers' (benchmarks). */
export const YOU = '#d97706';
export const PEERS = '#9aa4b1';

export function colour(index) {
  return PALETTE[index % PALETTE.length];
}

/** A scale with a title (what it counts, with its unit) and, optionally, bounds and a tick format. */
export function axis(title, { min, max, integers = false, format } = {}) {
  return {
    title: { display: true, text: title, font: { weight: 'bold' } },
    ...(min !== undefined && { min }),
    ...(max !== undefined && { max }),
    beginAtZero: true,
    ticks: { ...(integers && { precision: 0 }), ...(format && { callback: format }) },
  };
}

/**
 * A horizontal bar chart with one bar per label. The labels say what each bar is (and its value),
 * so there is no legend and no category-axis title, which would squeeze the labels at 375 px;
 * the value axis carries the title and the unit.
 */
export function horizontalBars({ labels, values, colours, datasetLabel, valueAxis }) {
  return {
    type: 'bar',
    data: { labels: labels.map((label) => wrapLabel(label)), datasets: [{ label: datasetLabel, data: values, backgroundColor: colours ?? labels.map((_, i) => colour(i)) }] },
    options: {
      indexAxis: 'y',
      scales: { x: valueAxis },
      plugins: { legend: { display: false } },
    },
  };
}

/**
 * A bar label on lines of at most `width` characters (Chart.js draws an array as lines): Chart.js
 * gives the labels at most half a 375 px chart and cuts longer ones off.
 */
export function wrapLabel(text, width = 18) {
  const lines = [];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && `${lines[last]} ${word}`.length <= width) lines[last] = `${lines[last]} ${word}`;
    else lines.push(word);
  }
  return lines.length === 1 ? lines[0] : lines;
}

/** Pixels for a horizontal bar chart of `bars` bars: room for each, plus the axis and its title. */
export function barsHeight(bars) {
  return Math.max(150, 70 + 40 * bars);
}

export function drawChart(canvas, config) {
  const Chart = window.Chart;
  if (!Chart) throw new Error('The chart library did not load (/dashboard/assets/vendor/chart.umd.min.js).');
  return new Chart(canvas, {
    ...config,
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      ...config.options,
      plugins: { legend: { position: 'bottom' }, ...config.options?.plugins },
    },
  });
}
