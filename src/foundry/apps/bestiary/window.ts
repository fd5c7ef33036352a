/**
 * The GM's Bestiary window, an ApplicationV2 opened from
 * the settings menu and from a scene control: seed 001's report over the
 * world's actors and the actor compendia the GM ticks, with its charts
 * (Chart.js, imported only when the window first draws), CSV export, and the
 * bulk retrofit (`batch.ts`): pick actors by folder, creature type or role,
 * choose the system import and/or 001's templates, preview per actor, apply,
 * undo the whole batch. This file and its imports are a chunk of their own,
 * loaded when the window is first opened (`open.ts`).
 */
import { creatureFromActor } from "../../../core/bestiary/creature.ts";
import { renderReportCsv } from "../../../core/bestiary/csv.ts";
import { buildReport, type Creature } from "../../../core/bestiary/report.ts";
import type { RetrofitRow } from "../../../core/bestiary/retrofit-plan.ts";
import { importSystem } from "../../actor/system-traits.ts";
import { activeProfile } from "../../settings/profiles.ts";
import type { Localizer } from "../../sheet/localizer.ts";
import { applyBatch, docOf, lastBatch, previewBatch, selectActors, undoBatch, worldActors, type ActorFilter, type BestiaryActor } from "./batch.ts";
import { bestiaryHtml, drawCharts, type BestiaryViewData, type ChartClass } from "./view.ts";

const W = "DAMAGECHAIN.Bestiary.Window";

interface WindowState {
  packs: Set<string>;
  filter: ActorFilter;
  doImport: boolean;
  doTemplates: boolean;
  preview?: { rows: RetrofitRow[]; skipped: string[] } | undefined;
  charts: { destroy(): void }[];
  csv: string;
  render(options?: object): unknown;
  element: HTMLElement;
}

const i18n = (): Localizer => ({ localize: (k) => game.i18n!.localize(k), format: (k, d) => game.i18n!.format(k, d as Record<string, string>) });

/** Actor compendia the GM may tick. */
function actorPacks(): { id: string; label: string }[] {
  const packs = [...((game.packs ?? []) as Iterable<{ collection: string; title: string; documentName: string }>)];
  return packs.filter((p) => p.documentName === "Actor").map((p) => ({ id: p.collection, label: p.title }));
}

/** The report's population: the world's actors and the documents of the ticked compendia. */
async function population(packIds: ReadonlySet<string>): Promise<Creature[]> {
  const system = importSystem() ?? false;
  const docs: Record<string, unknown>[] = worldActors().map((a) => docOf(a.actor));
  for (const id of packIds) {
    const pack = game.packs?.get(id) as { getDocuments(): Promise<Actor.Implementation[]> } | undefined;
    if (pack !== undefined) for (const actor of await pack.getDocuments()) docs.push(docOf(actor));
  }
  return docs.map((d) => creatureFromActor(d, system));
}

/** Read the form's current choices into the window state. */
function readForm(state: WindowState): void {
  const root = state.element;
  const value = (name: string) => root.querySelector<HTMLSelectElement>(`select[name="${name}"]`)?.value ?? "";
  const checked = (name: string) => root.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.checked === true;
  state.filter = { folder: value("folder"), creatureType: value("creatureType"), role: value("role") };
  state.doImport = checked("doImport");
  state.doTemplates = checked("doTemplates");
  state.packs = new Set([...root.querySelectorAll<HTMLInputElement>('input[name="pack"]:checked')].map((i) => i.value));
}

function chosen(state: WindowState): BestiaryActor[] {
  return selectActors(worldActors(), state.filter);
}

const actions = {
  refresh(this: WindowState) {
    readForm(this);
    this.preview = undefined;
    void this.render();
  },
  exportCsv(this: WindowState) {
    foundry.utils.saveDataToFile(this.csv, "text/csv", "damage-chain-bestiary.csv");
  },
  preview(this: WindowState) {
    readForm(this);
    this.preview = previewBatch(chosen(this), { importSystem: this.doImport ? importSystem() : undefined, templates: this.doTemplates });
    void this.render();
  },
  async apply(this: WindowState) {
    if (this.preview === undefined) return;
    const n = await applyBatch(this.preview.rows);
    ui.notifications?.info(game.i18n!.format(`${W}.Applied`, { count: String(n) }));
    this.preview = undefined;
    void this.render();
  },
  async undo(this: WindowState) {
    const n = await undoBatch(); // a refusal has told the GM why
    if (n > 0) ui.notifications?.info(game.i18n!.format(`${W}.Undone`, { count: String(n) }));
    this.preview = undefined;
    void this.render();
  },
};

const options = (values: Iterable<[string, string]>, selected: string | undefined) =>
  [...new Map(values)].filter(([v]) => v !== "").sort((a, b) => a[1].localeCompare(b[1])).map(([value, label]) => ({ value, label, selected: value === selected }));

function makeClass() {
  const { ApplicationV2 } = foundry.applications.api;
  return class BestiaryWindow extends ApplicationV2 {
    static override DEFAULT_OPTIONS = {
      id: "damage-chain-bestiary",
      classes: ["damage-chain-bestiary-window"],
      window: { title: `${W}.Title`, icon: "fa-solid fa-dragon", resizable: true },
      position: { width: 900, height: 760 },
      actions,
    };

    packs = new Set<string>();
    filter: ActorFilter = {};
    doImport = importSystem() !== undefined;
    doTemplates = true;
    preview: WindowState["preview"] = undefined;
    charts: { destroy(): void }[] = [];
    csv = "";

    protected override async _renderHTML(): Promise<{ html: string; data: BestiaryViewData }> {
      const report = buildReport(await population(this.packs), { profile: activeProfile() });
      this.csv = renderReportCsv(report);
      const all = worldActors();
      const folders = all.map((a): [string, string] => [a.folder, (a.actor as unknown as { folder?: { name?: string } | null }).folder?.name ?? a.folder]);
      const data: BestiaryViewData = {
        report,
        packs: actorPacks().map((p) => ({ value: p.id, label: p.label, selected: this.packs.has(p.id) })),
        folders: options(folders, this.filter.folder),
        creatureTypes: options(all.map((a) => [a.creatureType, a.creatureType]), this.filter.creatureType),
        roles: options(all.map((a) => [a.role, a.role]), this.filter.role),
        importSystem: importSystem(),
        doImport: this.doImport,
        doTemplates: this.doTemplates,
        preview: this.preview,
        canUndo: lastBatch() !== undefined,
      };
      return { html: bestiaryHtml(data, i18n()), data };
    }

    protected override _replaceHTML(result: unknown, content: HTMLElement): void {
      const { html, data } = result as { html: string; data: BestiaryViewData };
      for (const c of this.charts) c.destroy();
      content.innerHTML = html;
      void import("chart.js/auto").then(({ default: Chart }) => {
        this.charts = drawCharts(content, data.report, i18n(), Chart as unknown as ChartClass);
      });
    }
  };
}

let windowClass: ReturnType<typeof makeClass> | undefined;

/** The window class (for `game.settings.registerMenu`), built on first call. */
export function bestiaryWindowClass(): ReturnType<typeof makeClass> {
  return (windowClass ??= makeClass());
}

/** Open the window (GM only). */
export function openBestiaryWindow(): void {
  if (game.user?.isGM !== true) return;
  void new (bestiaryWindowClass())().render({ force: true });
}
