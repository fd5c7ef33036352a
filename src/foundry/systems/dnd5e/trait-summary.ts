/**
 * dnd5e's own traits on the Defenses tab: the summary at its top
 * ({@link dnd5eTraitSummary}) and the button that opens dnd5e's own editors
 * ({@link openDnd5eTraitEditor}).
 *
 * dnd5e's editors, checked against foundryvtt/dnd5e 5.3.3 (commit
 * 965ad2d0cf5d063dac675ba078b5bd3c3c0dd449): the system exposes its
 * applications as `globalThis.dnd5e.applications` (`dnd5e.mjs` lines 38-39;
 * `module/applications/actor/_module.mjs` lines 17, 21, 28). Its sheets open
 * them as `BaseActorSheet.#showConfiguration` does
 * (`module/applications/actor/api/base-actor-sheet.mjs` lines 1459-1474):
 * `new DamagesConfig({ document, trait })` for `di`, `dr`, `dv`, `dm`, and
 * `new TraitsConfig({ document, trait: "ci" })` (400 px wide, line 1465) for
 * condition immunities; the damage threshold `hp.dt` is a field of
 * `HitPointsConfig` (`module/applications/actor/config/hit-points-config.mjs`
 * line 81). Each is rendered with `render({ force: true })`.
 */
import { dnd5eTraitsFromSystem } from "../../../core/import/dnd5e-traits.ts";
import { DND5E_PHYSICAL_TYPES } from "../../../core/model/dnd5e.ts";
import type { Profile } from "../../../core/model/profile.ts";
import type { SystemTraitSummary, TraitReading } from "../../actor/system-support.ts";
import { countsSystemTraits, readsDnd5eTraits } from "../../actor/system-traits.ts";
import { setting } from "../../settings/settings.ts";
import { DND5E_EDITORS, dnd5eClauses, type Dnd5eLabels } from "./trait-clauses.ts";

interface Labelled {
  label?: string;
  isPhysical?: boolean;
}
type Dnd5eConfig = { damageTypes?: Record<string, Labelled>; itemProperties?: Record<string, Labelled>; conditionTypes?: Record<string, Labelled> };

/** dnd5e's labels, from `CONFIG.DND5E` (config.mjs: `damageTypes` line 2241, `itemProperties` line 1872, `conditionTypes` line 3627) and its lang file. */
function labels(): Dnd5eLabels {
  const config = (CONFIG as unknown as { DND5E?: Dnd5eConfig }).DND5E ?? {};
  const i18n = game.i18n!;
  const lang = i18n.lang || "en";
  const and = new Intl.ListFormat(lang, { style: "long", type: "conjunction" });
  const or = new Intl.ListFormat(lang, { style: "long", type: "disjunction" });
  const label = (table: Record<string, Labelled> | undefined, id: string) => {
    const l = table?.[id]?.label;
    return typeof l === "string" && l !== "" ? i18n.localize(l) : id;
  };
  return {
    type: (id) => (id === "all" ? i18n.localize("DND5E.DAMAGE.All") : label(config.damageTypes, id)),
    isPhysical: (id) => config.damageTypes?.[id]?.isPhysical ?? DND5E_PHYSICAL_TYPES.includes(id),
    property: (id) => label(config.itemProperties, id),
    condition: (id) => label(config.conditionTypes, id),
    // dnd5e's own phrase and lists (npc.mjs lines 770-777).
    bypass: (types, properties) => i18n.format("DND5E.DAMAGE.PhysicalBypass.Description", { damageTypes: and.format(types), bypassTypes: or.format(properties) }),
    list: (items) => and.format(items),
  };
}

/** The ids of a Set or array of strings (dnd5e's prepared `traits.ci.value` is a Set). */
function ids(value: unknown): string[] {
  const list = value instanceof Set ? [...(value as Set<unknown>)] : Array.isArray(value) ? value : [];
  return list.filter((v): v is string => typeof v === "string" && v !== "");
}

/** How a hit under `profile` meets dnd5e's traits (see {@link TraitReading}). */
function reading(profile: Profile): TraitReading {
  if (setting("dnd5eMode") === "after") return "system";
  return readsDnd5eTraits(profile) || countsSystemTraits() ? "profile" : "none";
}

/** The actor's dnd5e traits as the tab's summary shows them (the same read as the dnd5e profile's: `dnd5eTraitsFromSystem`). Never throws. */
export function dnd5eTraitSummary(actor: Actor.Implementation, profile: Profile): SystemTraitSummary {
  const system = actor.system as unknown as { traits?: { ci?: { value?: unknown } } };
  const { traits } = dnd5eTraitsFromSystem(system);
  return { system: "dnd5e", reading: reading(profile), clauses: dnd5eClauses(traits, ids(system.traits?.ci?.value), labels()), editors: [...DND5E_EDITORS] };
}

type AppClass = new (options: Record<string, unknown>) => { render(options: { force: boolean }): unknown };

/** Open dnd5e's own editor `editor` (`di`, `dr`, `dv`, `dm`, `ci`, `dt`) for `actor`; false when dnd5e's application is not there. */
export function openDnd5eTraitEditor(actor: Actor.Implementation, editor: string): boolean {
  const apps = (globalThis as { dnd5e?: { applications?: { actor?: Record<string, AppClass | undefined> } } }).dnd5e?.applications?.actor ?? {};
  const [name, options] =
    editor === "dt" ? ["HitPointsConfig", {}] : editor === "ci" ? ["TraitsConfig", { trait: "ci", position: { width: 400 } }] : ["DamagesConfig", { trait: editor }];
  const App = apps[name];
  if (typeof App !== "function" || !DND5E_EDITORS.some((e) => e.id === editor)) return false;
  new App({ document: actor, ...options }).render({ force: true });
  return true;
}
