import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useId, useRef } from 'react';

// Only what these screens draw (lines and bars): Chart.js is tree-shaken to it, in these pages' chunk.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Legend,
  Tooltip,
);

/** Colours with at least 3:1 against white (WCAG 1.4.11 for graphics). */
export const CHART_COLORS = ['#1668dc', '#d4380d', '#389e0d', '#7a2fb8'] as const;

export interface ChartSeries {
  label: string;
  values: readonly number[];
}

/**
 * A chart of the administration's statistics (docs/adr/0038, Chart.js on a canvas) and its text
 * alternative: the canvas is an image named by the title, and the same figures follow as a table
 * (folded; screen readers and keyboards open it), so nothing is only in the picture.
 */
export function AdminChart({
  title,
  kind,
  labels,
  series,
  labelHeader,
}: {
  title: string;
  kind: 'line' | 'bar';
  /** The x axis: days or names. */
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** The table's first column (日期, 角色 …). */
  labelHeader: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const tableId = `chart-table-${useId().replace(/:/g, '')}`;
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: kind,
      data: {
        labels: [...labels],
        datasets: series.map((s, i) => ({
          label: s.label,
          data: [...s.values],
          borderColor: CHART_COLORS[i % CHART_COLORS.length],
          backgroundColor: CHART_COLORS[i % CHART_COLORS.length],
          tension: 0.2,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { display: series.length > 1 } },
      },
    });
    return () => chart.destroy();
  }, [kind, labels, series]);

  return (
    <figure className="admin-chart">
      <figcaption className="admin-chart-title">{title}</figcaption>
      <div className="admin-chart-canvas">
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${title}（图表；数据见下方表格）`}
          aria-describedby={tableId}
        />
      </div>
      <details className="admin-chart-data">
        <summary>以表格查看：{title}</summary>
        <table id={tableId}>
          <caption className="admin-chart-caption">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              {series.map((s) => (
                <th scope="col" key={s.label}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, row) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.label}>{s.values[row] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
