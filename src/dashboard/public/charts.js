// Chart.js (the UMD build, window.Chart) with the dashboard's defaults: no animation (a chart
// is read, not watched; screenshots and tests see the final drawing), sizes from the CSS box.
export const PALETTE = ['#1f6feb', '#d97706', '#059669', '#9333ea', '#dc2626', '#0891b2', '#65a30d', '#db2777', '#4b5563', '#b45309'];

export function colour(index) {
  return PALETTE[index % PALETTE.length];
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
