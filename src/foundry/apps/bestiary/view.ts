/**
 * The content of the GM's Bestiary window as HTML, and its
 * charts: the report of `core/bestiary/report.ts` (the same figures and the
 * same three Chart.js charts as `damage-chain report --html`), the
 * compendia to include, and the bulk retrofit form with its per-actor
 * preview. Every text comes from lang keys. No Foundry globals: the window
 * (`window.ts`) passes the data, the localizer and the Chart class in, so
 * the browser test renders the same view.
 */
import { reportCharts, type ReportCharts } from "../../../core/bestiary/charts.ts";
import type { Report } from "../../../core/bestiary/report.ts";
import type { RetrofitRow } from "../../../core/bestiary/retrofit-plan.ts";
import { typeLabel } from "../../../core/labels.ts";
import { findTemplate } from "../../../core/templates.ts";
import { traceLocalizer, type Localizer } from "../../sheet/localizer.ts";

const W = "DAMAGECHAIN.Bestiary.Window";

/** An option of a select or a checkbox. */
export interface Choice {
  value: string;
  label: string;
  selected: boolean;
}

/** Everything the view shows. */
export interface BestiaryViewData {
  report: Report;
  packs: Choice[];
  folders: Choice[];
  creatureTypes: Choice[];
  roles: Choice[];
  /** The world's system when it has an importer, and whether to import it. */
  importSystem?: string | undefined;
  doImport: boolean;
  doTemplates: boolean;
  preview?: { rows: RetrofitRow[]; skipped: string[] } | undefined;
  canUndo: boolean;
}

/** A Chart.js constructor, as the window imports it lazily. */
export type ChartClass = new (canvas: HTMLCanvasElement, config: never) => { destroy(): void };

/** A tag's name: a 001 template's, a system import's (`import.dnd5e` → "dnd5e traits"), else the tag. */
function tagLabel(tag: string, t: Localizer): string {
  const tpl = findTemplate(tag);
  if (tpl) return t.localize(tpl.nameKey);
  return tag.startsWith("import.") ? t.format("DAMAGECHAIN.Bestiary.Imported", { system: tag.slice("import.".length) }) : tag;
}

const esc = (s: string | number): string => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fmt = (n: number): string => String(Math.round(n * 1000) / 1000);
const signed = (n: number): string => (n > 0 ? `+${fmt(n)}` : fmt(n));

function table(head: string[], rows: (string | number)[][]): string {
  return `<table class="damage-chain-bestiary__table"><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`)
    .join("")}</tbody></table>`;
}

function select(name: string, label: string, options: Choice[], t: Localizer): string {
  const opts = [`<option value="">${esc(t.localize(`${W}.Any`))}</option>`, ...options.map((o) => `<option value="${esc(o.value)}"${o.selected ? " selected" : ""}>${esc(o.label)}</option>`)];
  return `<label class="damage-chain-field"><span class="damage-chain-field__label">${esc(label)}</span><select name="${name}">${opts.join("")}</select></label>`;
}

const check = (name: string, label: string, checked: boolean, value = "1") => `<label class="damage-chain-check"><input type="checkbox" name="${esc(name)}" value="${esc(value)}"${checked ? " checked" : ""}> ${esc(label)}</label>`;

/** The window's HTML for `data`. */
export function bestiaryHtml(data: BestiaryViewData, t: Localizer): string {
  const tl = traceLocalizer(t);
  const r = data.report;
  const types = table(
    [t.localize("DAMAGECHAIN.Report.Col.Type"), t.localize("DAMAGECHAIN.Report.Col.Immune"), t.localize("DAMAGECHAIN.Report.Col.Resistant"), t.localize("DAMAGECHAIN.Report.Col.Vulnerable"), t.localize("DAMAGECHAIN.Report.Col.Multiplier"), t.localize("DAMAGECHAIN.Report.Col.Balance"), t.localize("DAMAGECHAIN.Report.Col.AfterCounts"), t.localize("DAMAGECHAIN.Report.Col.AfterMultiplier"), t.localize("DAMAGECHAIN.Report.Col.AfterBalance")],
    r.before.types.map((b, i) => {
      const a = r.after.types[i]!;
      return [typeLabel(b.type, tl), b.immune, b.resistant, b.vulnerable, fmt(b.meanMultiplier), signed(b.balance), `${a.immune}/${a.resistant}/${a.vulnerable}`, fmt(a.meanMultiplier), signed(a.balance)];
    }),
  );
  const list = (types: string[]) => (types.length === 0 ? t.localize("DAMAGECHAIN.Report.None") : types.map((id) => typeLabel(id, tl)).join(", "));
  const packs = data.packs.length === 0 ? "" : `<fieldset><legend>${esc(t.localize(`${W}.Packs`))}</legend>${data.packs.map((p) => check("pack", p.label, p.selected, p.value)).join(" ")}</fieldset>`;
  const preview =
    data.preview === undefined
      ? ""
      : `${table(
          [t.localize(`${W}.Actor`), t.localize(`${W}.Tags`), t.localize(`${W}.Added`), t.localize(`${W}.Removed`)],
          data.preview.rows.map((row) => [row.name, row.changed ? row.tags.map((tag) => tagLabel(tag, t)).join(", ") || "—" : t.localize(`${W}.Unchanged`), row.added, row.removed]),
        )}${data.preview.skipped.length === 0 ? "" : `<p class="damage-chain-bestiary__warning">${esc(t.format(`${W}.Skipped`, { names: data.preview.skipped.join(", ") }))}</p>`}`;
  return `<div class="damage-chain-bestiary">
<p>${esc(t.format("DAMAGECHAIN.Report.Summary", { creatures: r.creatures, profile: r.profile, amount: r.amount }))}</p>
${packs}
<div class="damage-chain-bestiary__buttons">
<button type="button" data-action="refresh"><i class="fa-solid fa-rotate" inert></i> ${esc(t.localize(`${W}.Refresh`))}</button>
<button type="button" data-action="exportCsv"><i class="fa-solid fa-file-csv" inert></i> ${esc(t.localize(`${W}.ExportCsv`))}</button>
</div>
<div class="damage-chain-bestiary__charts">${["multiplier", "groups", "balance"].map((id) => `<div class="damage-chain-bestiary__chart"><canvas data-chart="${id}"></canvas></div>`).join("")}</div>
<p>${esc(t.format("DAMAGECHAIN.Report.Strongest", { now: list(r.before.strongest), after: list(r.after.strongest) }))}<br>${esc(t.format("DAMAGECHAIN.Report.Weakest", { now: list(r.before.weakest), after: list(r.after.weakest) }))}</p>
${types}
<h3>${esc(t.localize(`${W}.Retrofit`))}</h3>
<p class="hint">${esc(t.localize(`${W}.RetrofitHint`))}</p>
<div class="damage-chain-bestiary__filters">
${select("folder", t.localize(`${W}.Folder`), data.folders, t)}
${select("creatureType", t.localize(`${W}.CreatureType`), data.creatureTypes, t)}
${select("role", t.localize(`${W}.Role`), data.roles, t)}
</div>
<div class="damage-chain-bestiary__choice">
${data.importSystem === undefined ? "" : check("doImport", t.format("DAMAGECHAIN.Bestiary.Import", { system: data.importSystem }), data.doImport)}
${check("doTemplates", t.localize(`${W}.Templates`), data.doTemplates)}
</div>
<div class="damage-chain-bestiary__buttons">
<button type="button" data-action="preview"><i class="fa-solid fa-eye" inert></i> ${esc(t.localize(`${W}.Preview`))}</button>
<button type="button" data-action="apply"${data.preview === undefined ? " disabled" : ""}><i class="fa-solid fa-check" inert></i> ${esc(t.localize(`${W}.Apply`))}</button>
<button type="button" data-action="undo"${data.canUndo ? "" : " disabled"}><i class="fa-solid fa-rotate-left" inert></i> ${esc(t.localize(`${W}.Undo`))}</button>
</div>
${preview}
</div>`;
}

/** The report's charts in the reader's language. */
export function chartConfigs(report: Report, t: Localizer): ReportCharts {
  const tl = traceLocalizer(t);
  return reportCharts(report, (key) => t.localize(key), (id) => typeLabel(id, tl));
}

/** Draw the three charts into the `[data-chart]` canvases under `root`; returns the charts (destroy them before the next render). */
export function drawCharts(root: HTMLElement, report: Report, t: Localizer, Chart: ChartClass): { destroy(): void }[] {
  const configs = chartConfigs(report, t);
  const out: { destroy(): void }[] = [];
  for (const canvas of root.querySelectorAll<HTMLCanvasElement>("canvas[data-chart]")) {
    const config = configs[canvas.dataset.chart as keyof ReportCharts];
    if (config !== undefined) out.push(new Chart(canvas, config as never));
  }
  return out;
}
