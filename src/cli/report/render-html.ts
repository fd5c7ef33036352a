/**
 * The bestiary report as one self-contained HTML page: the text tables as
 * HTML tables and the three charts of `core/bestiary/charts.ts`, drawn by
 * Chart.js, whose UMD build is inlined so the page opens offline. When the
 * charts are drawn the page sets `data-charts="ready"` on `<body>`.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { reportCharts, type ReportCharts } from "../../core/bestiary/charts.ts";
import type { Report } from "../../core/bestiary/report.ts";
import { typeLabel } from "../../core/explain.ts";
import type { Translator } from "../i18n.ts";
import { fmt, signed, typeList } from "./render-text.ts";

const R = "DAMAGECHAIN.Report";

/** Chart.js's UMD build, read once from the installed package. */
let chartJs: string | undefined;
function chartLibrary(): string {
  // The package exports no path to its UMD build; it sits beside the main entry (dist/chart.cjs).
  chartJs ??= readFileSync(join(dirname(createRequire(import.meta.url).resolve("chart.js")), "chart.umd.min.js"), "utf8");
  return chartJs;
}

const esc = (s: string | number): string => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Text inside `<script>` must not close the element. */
const scriptSafe = (s: string): string => s.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");

function htmlTable(head: string[], rows: (string | number)[][]): string {
  const th = head.map((h) => `<th>${esc(h)}</th>`).join("");
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`).join("\n");
  return `<table><thead><tr>${th}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** The chart configurations of a report in the reader's language. */
export function chartsFor(report: Report, t: Translator): ReportCharts {
  return reportCharts(report, (key) => t.format(key), (id) => typeLabel(id, t));
}

/** The page, `lang` its language code. */
export function renderReportHtml(report: Report, t: Translator, lang: string): string {
  const f = (key: string, params?: Record<string, string | number>) => t.format(`${R}.${key}`, params);
  const types = htmlTable(
    ["Type", "Immune", "Resistant", "Vulnerable", "Multiplier", "Balance", "AfterCounts", "AfterMultiplier", "AfterBalance"].map((k) => f(`Col.${k}`)),
    report.before.types.map((b, i) => {
      const a = report.after.types[i]!;
      return [typeLabel(b.type, t), b.immune, b.resistant, b.vulnerable, fmt(b.meanMultiplier), signed(b.balance), `${a.immune}/${a.resistant}/${a.vulnerable}`, fmt(a.meanMultiplier), signed(a.balance)];
    }),
  );
  const list = (m: Record<string, number>) => Object.entries(m).map(([id, n]) => `${typeLabel(id, t)} ${n}`).join(", ") || f("None");
  const kinds = htmlTable(
    ["CreatureType", "Count", "Resists", "VulnerableTo"].map((k) => f(`Col.${k}`)),
    report.creatureTypes.map((r) => [r.type === "" ? f("NoType") : r.type, r.count, list(r.resist), list(r.vulnerable)]),
  );
  const cell = (mean: number, expected: number | undefined, measured: number) => (measured === 0 ? f("None") : `${signed(mean)} (${expected === undefined ? "?" : signed(expected)})`);
  const roles =
    report.roles.length === 0
      ? ""
      : `<h2>${esc(f("ByRole"))}</h2>${htmlTable(
          ["Role", "Count", "Fortitude", "Reflex", "Will"].map((k) => f(`Col.${k}`)),
          report.roles.map((r) => [r.role, r.count, cell(r.mean.fortitude, r.expected?.fortitude, r.measured), cell(r.mean.reflex, r.expected?.reflex, r.measured), cell(r.mean.will, r.expected?.will, r.measured)]),
        )}`;
  const charts = chartsFor(report, t);
  const canvases = Object.keys(charts).map((id) => `<div class="chart"><canvas id="chart-${id}"></canvas></div>`).join("\n");
  return `<!doctype html>
<html lang="${esc(lang)}">
<head>
<meta charset="utf-8">
<title>${esc(f("Title"))}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
th, td { border: 1px solid #ccc; padding: 0.2rem 0.5rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.chart { position: relative; height: 320px; max-width: 900px; margin-bottom: 1.5rem; }
</style>
</head>
<body>
<h1>${esc(f("Title"))}</h1>
<p>${esc(f("Summary", { creatures: report.creatures, profile: report.profile, amount: report.amount }))}</p>
${canvases}
<h2>${esc(f("ByType"))}</h2>
${types}
<p>${esc(f("Strongest", { now: typeList(report.before.strongest, t), after: typeList(report.after.strongest, t) }))}<br>
${esc(f("Weakest", { now: typeList(report.before.weakest, t), after: typeList(report.after.weakest, t) }))}<br>
${esc(f("Imbalance", { now: fmt(report.before.maxImbalance), after: fmt(report.after.maxImbalance) }))}<br>
${esc(f("Retrofitted", { count: report.retrofitted }))}</p>
<h2>${esc(f("ByCreatureType"))}</h2>
${kinds}
${roles}
<script>${scriptSafe(chartLibrary())}</script>
<script>
const configs = ${scriptSafe(JSON.stringify(charts))};
for (const [id, config] of Object.entries(configs)) new Chart(document.getElementById("chart-" + id), config);
document.body.dataset.charts = "ready";
</script>
</body>
</html>
`;
}
