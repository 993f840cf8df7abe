import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

/**
 * The pipeline's charts, drawn by uPlot (docs/performance.md#pipeline-at-a-glance: chosen for its
 * size, about 22 KB gzip). This module is part of the pipeline tab's own chunk, which only that tab
 * loads; a chart is a picture (`role="img"`) beside a table that says the same in text.
 */

/** uPlot's own stylesheet, the rules these charts use (the apps' build bundles no CSS files). */
const UPLOT_CSS = `.uplot,.uplot *,.uplot *::before,.uplot *::after{box-sizing:border-box}.uplot{line-height:1.5;width:min-content}.u-wrap{position:relative;user-select:none}.u-over,.u-under{position:absolute}.u-under{overflow:hidden}.uplot canvas{display:block;position:relative;width:100%;height:100%}.u-axis{position:absolute}.u-select{background:rgba(0,0,0,.07);position:absolute;pointer-events:none}.u-cursor-x,.u-cursor-y{position:absolute;left:0;top:0;pointer-events:none;will-change:transform}.u-hz .u-cursor-x{height:100%;border-right:1px dashed #607D8B}.u-hz .u-cursor-y{width:100%;border-bottom:1px dashed #607D8B}.u-cursor-pt{position:absolute;top:0;left:0;border-radius:50%;border:0 solid;pointer-events:none;will-change:transform;background-clip:padding-box!important}.u-axis.u-off,.u-select.u-off,.u-cursor-x.u-off,.u-cursor-y.u-off,.u-cursor-pt.u-off{display:none}`;

/** Colours with at least 3:1 contrast on white, cycled over the reviewers' lines. */
export const CHART_COLOURS = ['#1668dc', '#d4380d', '#389e0d', '#722ed1', '#c41d7f', '#08979c', '#ad6800', '#434343'];

const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const AXIS = { font: FONT, stroke: '#434343', grid: { stroke: '#f0f0f0' }, ticks: { stroke: '#d9d9d9' } };

/** A uPlot chart as wide as its box; `onPick(index, series)` on a click (series: the one under the pointer, if any). */
export function UPlotChart({
  options,
  data,
  height,
  label,
  onPick,
}: {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
  label: string;
  onPick?: (index: number, series: number | null) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let focused: number | null = null;
    const chart = new uPlot(
      {
        ...options,
        width: Math.max(element.clientWidth, 200),
        height,
        hooks: {
          ...options.hooks,
          setSeries: [(_u, index) => void (focused = index)],
        },
      },
      data,
      element,
    );
    const click = () => {
      const index = chart.cursor.idx;
      if (index !== null && index !== undefined) pick.current?.(index, focused);
    };
    chart.over.addEventListener('click', click);
    if (onPick) chart.over.style.cursor = 'pointer';
    const resize = new ResizeObserver(() => {
      const width = Math.max(element.clientWidth, 200);
      if (width !== chart.width) chart.setSize({ width, height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.over.removeEventListener('click', click);
      chart.destroy();
    };
    // `onPick` is read through its ref; the chart is drawn again when its options or data change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options, data, height]);

  return (
    <>
      <style>{UPLOT_CSS}</style>
      <div ref={box} role="img" aria-label={label} style={{ width: '100%', minWidth: 0 }} />
    </>
  );
}

/** Horizontal bars, one per label, each with its count (and `notes`) written past its end. */
export function barOptions(labels: readonly string[], notes: readonly string[], colour: string) {
  const count = labels.length;
  const indices = labels.map((_, index) => index);
  const options: Omit<uPlot.Options, 'width' | 'height'> = {
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: false }, y: false },
    padding: [8, 16, 0, 0],
    scales: {
      x: { time: false, ori: 1, dir: -1, range: [-0.5, count - 0.5] },
      y: { ori: 0, dir: 1, range: (_u, _min, max) => [0, Math.max(1, max) * 1.45] },
    },
    axes: [
      {
        ...AXIS,
        scale: 'x',
        side: 3,
        size: 104,
        grid: { show: false },
        splits: () => indices,
        values: (_u, splits) => splits.map((index) => labels[index] ?? ''),
      },
      { ...AXIS, scale: 'y', side: 2, size: 32, values: (_u, splits) => splits.map(wholeOrNothing) },
    ],
    series: [
      {},
      {
        label: 'Count',
        fill: colour,
        stroke: colour,
        width: 0,
        points: { show: false },
        paths: uPlot.paths.bars!({ size: [0.7, 36] }),
      },
    ],
    hooks: {
      draw: [
        (u) => {
          const { ctx } = u;
          const values = u.data[1] as number[];
          ctx.save();
          ctx.font = `${Math.round(12 * devicePixelRatio)}px system-ui, sans-serif`;
          ctx.fillStyle = '#262626';
          ctx.textAlign = 'left';
          ctx.textBaseline = 'middle';
          values.forEach((value, index) => {
            const x = u.valToPos(value, 'y', true) + 6 * devicePixelRatio;
            const y = u.valToPos(index, 'x', true);
            ctx.fillText(`${value}${notes[index] ? ` · ${notes[index]}` : ''}`, x, y);
          });
          ctx.restore();
        },
      ],
    },
  };
  return options;
}

const wholeOrNothing = (value: number) => (Number.isInteger(value) ? String(value) : '');

const HALF_DAY = 12 * 60 * 60;

/** Seconds since the epoch at the start of a UTC day (uPlot's time scale). */
export const daySeconds = (day: string) => Date.parse(`${day}T00:00:00.000Z`) / 1000;

/** A time series of days (UTC): bars or lines, and a dashed line at `mark` (the due date) named `markLabel`. */
export function dayOptions(
  series: uPlot.Series[],
  mark: { at: number; label: string } | null,
  yLabel: string,
): Omit<uPlot.Options, 'width' | 'height'> {
  return {
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, focus: { prox: 16 } },
    focus: { alpha: 0.4 },
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    padding: [16, 16, 0, 0],
    scales: {
      // Half a day beside the first and last bars, and room for the due date's line.
      x: { time: true, range: (_u, min, max) => [min - HALF_DAY, Math.max(max, mark?.at ?? max) + HALF_DAY] },
      y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] },
    },
    axes: [
      { ...AXIS, space: 70 },
      {
        ...AXIS,
        size: 40,
        label: yLabel,
        labelFont: FONT,
        labelSize: 16,
        values: (_u, splits) => splits.map(wholeOrNothing),
      },
    ],
    series: [{}, ...series],
    hooks: mark
      ? {
          draw: [
            (u) => {
              const x = u.valToPos(mark.at, 'x', true);
              if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) return;
              const { ctx } = u;
              ctx.save();
              ctx.strokeStyle = '#cf1322';
              ctx.lineWidth = 2 * devicePixelRatio;
              ctx.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
              ctx.beginPath();
              ctx.moveTo(x, u.bbox.top);
              ctx.lineTo(x, u.bbox.top + u.bbox.height);
              ctx.stroke();
              ctx.font = `${Math.round(12 * devicePixelRatio)}px system-ui, sans-serif`;
              ctx.fillStyle = '#cf1322';
              ctx.textAlign = 'right';
              ctx.fillText(mark.label, x - 4 * devicePixelRatio, u.bbox.top + 12 * devicePixelRatio);
              ctx.restore();
            },
          ],
        }
      : {},
  };
}

/** Bars for a day series. */
export const dayBars = (label: string, colour: string): uPlot.Series => ({
  label,
  fill: colour,
  stroke: colour,
  width: 0,
  points: { show: false },
  paths: uPlot.paths.bars!({ size: [0.8, 24] }),
});

/** A line for a day series. */
export const dayLine = (label: string, colour: string): uPlot.Series => ({
  label,
  stroke: colour,
  width: 2,
  points: { show: false },
});
