/**
 * The bestiary report's charts as Chart.js configurations (plain data, no
 * Chart.js import), shared by the CLI's HTML page and the GM window:
 * 1. `multiplier`: mean multiplier of a standard hit per damage type, now and
 *    after the retrofit (001: "each damage type should be, on average,
 *    equally useful"; 1 = full damage);
 * 2. `groups`: creatures that resist (incl. immune) and that are vulnerable,
 *    per damage type, now and after (001's balance criterion);
 * 3. `balance`: (resisting - vulnerable) / creatures per type, now and after.
 */
import type { Report } from "./report.ts";

/** Lang keys the charts need, looked up through the caller's translator. */
export const CHART_KEYS = {
  multiplier: "DAMAGECHAIN.Report.Chart.Multiplier",
  groups: "DAMAGECHAIN.Report.Chart.Groups",
  balance: "DAMAGECHAIN.Report.Chart.Balance",
  now: "DAMAGECHAIN.Report.Chart.Now",
  after: "DAMAGECHAIN.Report.Chart.After",
  resistingNow: "DAMAGECHAIN.Report.Chart.ResistingNow",
  vulnerableNow: "DAMAGECHAIN.Report.Chart.VulnerableNow",
  resistingAfter: "DAMAGECHAIN.Report.Chart.ResistingAfter",
  vulnerableAfter: "DAMAGECHAIN.Report.Chart.VulnerableAfter",
} as const;

/** A Chart.js bar chart configuration. */
export interface BarChartConfig {
  type: "bar";
  data: { labels: string[]; datasets: { label: string; data: number[]; backgroundColor: string; stack?: string }[] };
  options: Record<string, unknown>;
}

export interface ReportCharts {
  multiplier: BarChartConfig;
  groups: BarChartConfig;
  balance: BarChartConfig;
}

const NOW = "#4e79a7";
const AFTER = "#f28e2b";

function options(title: string, stacked = false): Record<string, unknown> {
  return {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    plugins: { title: { display: true, text: title }, legend: { position: "bottom" } },
    scales: stacked ? { x: { stacked: true }, y: { stacked: true } } : {},
  };
}

/**
 * The three charts. `label(key)` gives the text of a {@link CHART_KEYS} key;
 * `typeLabel(id)` a damage type's name in the reader's language.
 */
export function reportCharts(report: Report, label: (key: string) => string, typeLabel: (id: string) => string): ReportCharts {
  const labels = report.before.types.map((r) => typeLabel(r.type));
  const resisting = (side: Report["before"]) => side.types.map((r) => r.immune + r.resistant);
  const vulnerable = (side: Report["before"]) => side.types.map((r) => -r.vulnerable);
  /** A bar chart of one figure per damage type, now beside after the retrofit. */
  const nowAndAfter = (titleKey: string, figure: (row: Report["before"]["types"][number]) => number) => ({
    type: "bar" as const,
    data: {
      labels,
      datasets: [
        { label: label(CHART_KEYS.now), data: report.before.types.map(figure), backgroundColor: NOW },
        { label: label(CHART_KEYS.after), data: report.after.types.map(figure), backgroundColor: AFTER },
      ],
    },
    options: options(label(titleKey)),
  });
  return {
    multiplier: nowAndAfter(CHART_KEYS.multiplier, (r) => r.meanMultiplier),
    groups: {
      type: "bar",
      data: {
        labels,
        datasets: [
          { label: label(CHART_KEYS.resistingNow), data: resisting(report.before), backgroundColor: NOW, stack: "now" },
          { label: label(CHART_KEYS.vulnerableNow), data: vulnerable(report.before), backgroundColor: "#a0cbe8", stack: "now" },
          { label: label(CHART_KEYS.resistingAfter), data: resisting(report.after), backgroundColor: AFTER, stack: "after" },
          { label: label(CHART_KEYS.vulnerableAfter), data: vulnerable(report.after), backgroundColor: "#ffbe7d", stack: "after" },
        ],
      },
      options: options(label(CHART_KEYS.groups), true),
    },
    balance: nowAndAfter(CHART_KEYS.balance, (r) => r.balance),
  };
}
