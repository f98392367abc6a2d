/**
 * The burn-down chart, drawn with uPlot on a canvas. This module is loaded only when a cycle page shows
 * it (uPlot and its stylesheet stay out of the first load). The canvas is hidden from screen readers:
 * the page gives the same numbers as text (a summary and a table by day).
 */
import "uplot/dist/uPlot.min.css";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import type { BurnDownSeries, Measure } from "./planning.ts";

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function options(width: number, measure: Measure): uPlot.Options {
  const text = cssVar("--text-muted", "#6b6b78");
  const grid = cssVar("--border", "#e2e2e8");
  const unit = measure === "count" ? "Issues" : "Points";
  const axis = (label?: string): uPlot.Axis => ({
    stroke: text,
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
    ...(label ? { label, labelSize: 18 } : {}),
  });
  const number = (_: uPlot, v: number | null) => (v === null || v === undefined ? "—" : String(v));
  return {
    width,
    height: 260,
    // the cycle's days are UTC dates: label them so wherever the person is
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] } },
    axes: [
      { ...axis(), values: "{MMM} {D}" },
      { ...axis(unit), values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : "")) },
    ],
    cursor: { drag: { x: false, y: false } },
    legend: { live: false },
    series: [
      { label: "Day", value: "{MMM} {D}" },
      {
        label: "Ideal",
        stroke: text,
        width: 1.5,
        dash: [6, 5],
        points: { show: false },
        value: number,
      },
      {
        label: "Scope",
        stroke: cssVar("--warn", "#a35c00"),
        width: 1.5,
        dash: [2, 3],
        paths: uPlot.paths.stepped?.({ align: 1 }),
        points: { show: false },
        value: number,
      },
      {
        label: "Remaining",
        stroke: cssVar("--accent", "#5b5bd6"),
        fill: `${cssVar("--accent", "#5b5bd6")}22`,
        width: 2.5,
        points: { show: true, size: 6 },
        value: number,
      },
    ],
  };
}

export default function BurnDownChart({ series, measure }: { series: BurnDownSeries; measure: Measure }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [series.xs, series.ideal, series.scope, series.remaining];
    const draw = () => {
      plot.current?.destroy();
      plot.current = new uPlot(options(Math.max(240, el.clientWidth), measure), data, el);
    };
    draw();
    let width = el.clientWidth;
    const resize = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      plot.current?.setSize({ width: Math.max(240, width), height: 260 });
    });
    resize.observe(el);
    // colours come from the theme: redraw when the system switches light and dark
    const scheme = window.matchMedia("(prefers-color-scheme: dark)");
    scheme.addEventListener("change", draw);
    return () => {
      resize.disconnect();
      scheme.removeEventListener("change", draw);
      plot.current?.destroy();
      plot.current = null;
    };
  }, [series, measure]);

  return <div ref={box} className="burn-down-chart" aria-hidden="true" />;
}
