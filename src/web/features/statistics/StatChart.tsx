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
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { useLayoutSettings } from '../../layout/settings';

Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

/**
 * Series colours, each readable on its theme's background (dark shades on white, light shades on
 * the dark theme's surface), in an order where neighbours differ in hue.
 */
const LIGHT = [
  '#1d4ed8',
  '#047857',
  '#b91c1c',
  '#7c3aed',
  '#b45309',
  '#0e7490',
  '#be185d',
  '#4d7c0f',
  '#c2410c',
  '#0369a1',
  '#15803d',
  '#a21caf',
  '#334155',
];
const DARK = [
  '#93c5fd',
  '#6ee7b7',
  '#fca5a5',
  '#c4b5fd',
  '#fcd34d',
  '#67e8f9',
  '#f9a8d4',
  '#bef264',
  '#fdba74',
  '#7dd3fc',
  '#86efac',
  '#f0abfc',
  '#e2e8f0',
];

export interface Series {
  label: string;
  data: (number | null)[];
}

/**
 * One chart of the statistics page (chart.js on a canvas): bars or lines, one colour per series,
 * the theme's text and grid colours. The canvas is an image named by `label`; the page gives the
 * same figures in a table beside it.
 */
export function StatChart(props: {
  type: 'bar' | 'line';
  label: string;
  labels: string[];
  series: Series[];
  /** The value axis' unit, after each tick (' %', ' j'). */
  unit?: string;
  testId: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const dark = useLayoutSettings().variant === 'dark';
  useEffect(() => {
    if (!canvas.current) return;
    const colours = dark ? DARK : LIGHT;
    const text = dark ? '#e5e7eb' : '#1f2937';
    const grid = dark ? 'rgba(255, 255, 255, 0.18)' : 'rgba(0, 0, 0, 0.12)';
    const config: ChartConfiguration<'bar' | 'line'> = {
      type: props.type,
      data: {
        labels: props.labels,
        datasets: props.series.map((s, i) => ({
          label: s.label,
          data: s.data,
          backgroundColor: colours[i % colours.length],
          borderColor: colours[i % colours.length],
          borderWidth: props.type === 'line' ? 2 : 0,
          spanGaps: false,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        locale: 'fr-FR',
        color: text,
        scales: {
          x: { ticks: { color: text }, grid: { color: grid } },
          y: {
            beginAtZero: true,
            ticks: {
              color: text,
              callback: (v) => `${Number(v).toLocaleString('fr-FR')}${props.unit ?? ''}`,
            },
            grid: { color: grid },
          },
        },
        plugins: { legend: { labels: { color: text, boxWidth: 14 } } },
      },
    };
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [dark, props.type, props.labels, props.series, props.unit]);
  return (
    <div className="stat-chart">
      <canvas ref={canvas} role="img" aria-label={props.label} data-testid={props.testId} />
    </div>
  );
}
