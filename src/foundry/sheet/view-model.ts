/**
 * The render context of `templates/defenses-tab.hbs`: a draft turned into
 * sections of rows of fields with their labels already localized, so the
 * templates only lay things out (and only `localize` static labels). Pure;
 * the same function feeds Foundry and the browser test.
 */
import { DEFAULT_DAMAGE_TYPES } from "../../core/model/profile.ts";
import { DEFAULT_TEMPLATE_FORM, templateLabel, templatePanel, type TemplateForm } from "./template-panel.ts";
import type { DefenderDraft, Entry } from "./draft.ts";
import { KEYWORD_LABELS, PREVIEW_TRAITS, RESOURCE_LABELS, resourceLabel, SECTIONS, type FieldSpec } from "./fields.ts";
import type { PreviewInput } from "./preview.ts";
import { stateView, type StateView } from "./state-view.ts";
import { traceLocalizer, unitLetters, type Localizer } from "./localizer.ts";
import { traitLabel, typeLabel } from "../../core/labels.ts";
import { KNOWN_TRAITS } from "../../core/model/event.ts";
import { formatDuration } from "../../core/duration.ts";
import type { SystemTraitSummary } from "../actor/system-support.ts";
import { systemTraitsView } from "./system-traits.ts";

/** One field of a row, ready to render as an input (editable) or as text (read-only). */
export interface FieldView {
  key: string;
  kind: FieldSpec["kind"];
  label: string;
  path: string;
  value: string;
  /** Read-only text (select labels, "yes" for a checked box). */
  display: string;
  isSelect: boolean;
  isBool: boolean;
  isType: boolean;
  isNumber: boolean;
  /** A duration in game seconds, shown and typed as "2w", "1h 30m"; `units`: the letters it may be typed in. */
  isDuration: boolean;
  units: string;
  /** A list picked from labelled checkboxes (`choices`): each choice and whether it is in the list. */
  isChoices: boolean;
  choices: { value: string; label: string; checked: boolean }[];
  numeric: boolean;
  checked: boolean;
  options: { value: string; label: string; selected: boolean }[];
}

export interface RowView {
  index: number;
  /** The row's number as a GM counts (from 1), for the names of its buttons. */
  number: number;
  path: string;
  first: boolean;
  last: boolean;
  templateId: string;
  templateLabel: string;
  fields: FieldView[];
  more: FieldView[];
}

export interface SectionView {
  list: string;
  label: string;
  hint: string;
  seeds: string;
  rows: RowView[];
  empty: boolean;
  /** The active profile runs a step that reads this list (or the list is not part of the chain). */
  used: boolean;
  /** The kind a new row starts as: the first the profile applies ("" = the section's own first). */
  addKind: string;
}

/** How the tab is shown. `now` in game seconds; `uid` keeps element ids unique when several sheets are open. */
export interface TabOptions {
  editable: boolean;
  uid: string;
  now: number;
  profileName: string;
  /** Damage types suggested in type fields (the profile's `damageTypes`). */
  damageTypes?: readonly string[];
  /**
   * Enabled step ids of the active profile (`profile-use.ts`): the tab shows
   * and offers only what these steps apply; entries no step reads are kept,
   * folded under "Not used by this profile". Undefined: everything is shown.
   */
  steps?: readonly string[];
  /** Resources the profile's steps take damage from (`ProfileUse.resources`): offered in "Add defense" when the actor lacks them. */
  resources?: readonly string[];
  /** The profile reads the card game's creature traits (`ProfileUse.creatureTraits`); default: only when `steps` is undefined. */
  creatureTraits?: boolean;
  /** The actor's own traits as the world's system keeps them (`SystemData.traitSummary`), for the summary at the top. */
  systemTraits?: SystemTraitSummary | undefined;
  /** Ready-made defenses offered first in "Add defense" (value passed to the host's `addRecipe`, label). */
  recipes?: readonly { value: string; label: string }[];
  preview: PreviewInput;
  /** The preview box is unfolded (it starts folded). */
  previewOpen?: boolean;
  dirty: boolean;
  /** Creature-template form state, kept across re-renders. */
  templateForm?: TemplateForm;
  /** The world's system when it has an importer (`dnd5e`, `dnd4e`): the system line offers to import its traits while the profile does not read them. */
  importSystem?: string | undefined;
  /** The header offers the actor's damage history (GMs and owners). */
  history?: boolean;
}

/** A field's value as shown in an input. */
function asText(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (Array.isArray(v)) return v.join(", ");
  return String(v);
}

/** True when `steps` (undefined: any profile) applies a choice tagged with its step. */
const applies = (step: string | undefined, steps: readonly string[] | undefined) => step === undefined || steps === undefined || steps.includes(step);

function fieldView(spec: FieldSpec, entry: Entry, rowPath: string, t: Localizer, types: readonly string[], steps: readonly string[] | undefined): FieldView {
  const raw = entry[spec.key];
  const letters = unitLetters(t);
  const value = spec.kind === "duration" && typeof raw === "number" ? formatDuration(raw, letters) : asText(raw);
  // A damage type is picked from the profile's types by label; a stored type the list lacks is kept below.
  const choices = spec.kind === "type" ? types.map((id) => ({ value: id, label: typeLabel(id, traceLocalizer(t)), selected: id === value })) : undefined;
  // A kind the profile does not apply is not offered; a stored one stays (flagged by its section), so nothing is lost.
  const offered = (spec.options ?? []).filter((o) => o.value === value || applies(o.step, steps));
  const options = choices ?? offered.map((o) => ({ value: o.value, label: t.localize(o.labelKey), selected: o.value === value }));
  // Keep a stored value the list does not know, so opening the tab never loses it.
  const listed = Array.isArray(raw) ? raw.map(String) : [];
  const pool = spec.choices === "types" ? types : spec.choices === "traits" ? KNOWN_TRAITS : [];
  const label = (id: string) => (spec.choices === "types" ? typeLabel(id, traceLocalizer(t)) : traitLabel(id, traceLocalizer(t)));
  // A listed id the pool lacks stays, checked, so opening the tab never loses it.
  const listChoices = spec.choices === undefined ? [] : [...pool, ...listed.filter((v) => !pool.includes(v))].map((v) => ({ value: v, label: label(v), checked: listed.includes(v) }));
  const picked = spec.kind === "select" || spec.kind === "type";
  if (picked && value !== "" && !options.some((o) => o.selected)) options.push({ value, label: spec.kind === "type" ? typeLabel(value, traceLocalizer(t)) : value, selected: true });
  if (picked && (!spec.required || value === "")) options.unshift({ value: "", label: t.localize("DAMAGECHAIN.Sheet.None"), selected: value === "" });
  const selected = options.find((o) => o.selected && o.value !== "");
  const checked = raw === true;
  return {
    key: spec.key,
    kind: spec.kind,
    label: t.localize(spec.labelKey),
    path: `${rowPath}.${spec.key}`,
    value,
    // Read-only, a damage type reads as its label ("Kälte"), not its id.
    display: spec.kind === "bool" ? (checked ? t.localize("DAMAGECHAIN.Sheet.Yes") : "") : spec.kind === "select" ? (selected?.label ?? "") : spec.kind === "type" && value !== "" ? typeLabel(value, traceLocalizer(t)) : spec.choices !== undefined ? listed.map(label).join(", ") : value,
    isSelect: spec.kind === "select",
    isBool: spec.kind === "bool",
    isType: spec.kind === "type",
    isNumber: spec.kind === "number",
    isDuration: spec.kind === "duration",
    isChoices: spec.choices !== undefined,
    choices: listChoices,
    units: spec.kind === "duration" ? Object.values(letters).join(" ") : "",
    numeric: spec.numeric === true,
    checked,
    options,
  };
}

function sectionViews(draft: DefenderDraft, editable: boolean, steps: readonly string[] | undefined, t: Localizer, types: readonly string[]): SectionView[] {
  return SECTIONS.map((s) => {
    const rows = draft.lists[s.list].map((entry, index): RowView => {
      const path = `defenses.${s.list}[${index}]`;
      const views = s.fields.map((f) => ({ spec: f, view: fieldView(f, entry, path, t, types, steps) }));
      // Read-only: only fields that say something.
      const shown = editable ? views : views.filter((v) => v.view.display !== "");
      const templateId = typeof entry.template === "string" ? entry.template : "";
      return {
        index,
        number: index + 1,
        path,
        first: index === 0,
        last: index === draft.lists[s.list].length - 1,
        templateId,
        templateLabel: templateId ? templateLabel(templateId, t) : "",
        fields: shown.filter((v) => !v.spec.more).map((v) => v.view),
        more: shown.filter((v) => v.spec.more).map((v) => v.view),
      };
    });
    const used = steps === undefined || s.steps.length === 0 || s.steps.some((id) => steps.includes(id));
    const kinds = s.fields.find((f) => f.key === "kind")?.options ?? [];
    const addKind = kinds.find((o) => o.step !== undefined && applies(o.step, steps))?.value ?? "";
    return { list: s.list, label: t.localize(s.labelKey), hint: t.localize(s.hintKey), seeds: s.seeds, rows, empty: rows.length === 0, used, addKind };
  });
}

/** The steps that read 001's keywords: the resistance step (Insubstantial, Swarm, Regiment) and variable resistance. */
const KEYWORD_STEPS = ["resistance", "variableResistance"];
/** 001's creature templates set immunities, resistances, vulnerabilities and role defenses: shown with the resistance step. */
const TEMPLATE_STEPS = ["resistance"];

/**
 * The "Add defense" menu (edit mode): ready-made recipes first, then the
 * empty sections the profile applies, then the resources its steps take
 * damage from that the actor lacks (`resource:<key>`, a ward). Sections the
 * profile does not apply are not offered.
 */
function addMenu(draft: DefenderDraft, sections: readonly SectionView[], options: TabOptions, t: Localizer) {
  if (!options.editable) return { recipes: [], defenses: [], resources: [], any: false };
  const recipes = [...(options.recipes ?? [])];
  const defenses = sections.filter((s) => s.empty && s.used).map((s) => ({ value: s.list, kind: s.addKind, label: s.label }));
  const have = new Set(draft.resources.map((r) => r.key));
  const resources = (options.resources ?? []).filter((k) => !have.has(k)).map((k) => ({ value: `resource:${k}`, kind: "", label: resourceLabel(k, t) }));
  return { recipes, defenses, resources, any: recipes.length + defenses.length + resources.length > 0 };
}

/** Everything `defenses-tab.hbs` renders for `draft`. */
export function buildTabContext(draft: DefenderDraft, options: TabOptions, t: Localizer) {
  const state: StateView = stateView(draft, options.now, t);
  const typeChoices = [...(options.damageTypes ?? DEFAULT_DAMAGE_TYPES), "all", "non-physical"];
  const previewTypes = options.preview.types.split(",").map((w) => w.trim().toLowerCase());
  const sections = sectionViews(draft, options.editable, options.steps, t, typeChoices);
  const { steps } = options;
  const reads = (ids: readonly string[]) => steps === undefined || ids.some((id) => steps.includes(id));
  const keywordsUsed = reads(KEYWORD_STEPS);
  const traitsUsed = options.creatureTraits ?? steps === undefined;
  const unusedSections = sections.filter((s) => !s.empty && !s.used);
  const unusedKeywords = !keywordsUsed && draft.keywords.length > 0;
  const unusedTraits = !traitsUsed && draft.traits.length > 0;
  const unusedCount = unusedSections.reduce((n, s) => n + s.rows.length, 0) + (unusedKeywords ? draft.keywords.length : 0) + (unusedTraits ? draft.traits.length : 0);
  return {
    editable: options.editable,
    uid: options.uid,
    dirty: options.dirty,
    profileName: options.profileName,
    history: options.history === true,
    /** The world's system's own traits of the actor, at the top (`system-traits.ts`). */
    system: systemTraitsView(options.systemTraits, options.importSystem, options.profileName, options.editable, t),
    resourceSuggestions: Object.entries(RESOURCE_LABELS).map(([value, key]) => ({ value, label: t.localize(key) })),
    /** Sections the profile applies that hold entries: an empty one says nothing, and sits in the "Add defense" menu instead. */
    sections: sections.filter((s) => !s.empty && s.used),
    add: addMenu(draft, sections, options, t),
    /**
     * Entries the profile does not read, kept (and still edited and saved)
     * in one folded group, so opening the tab under another profile never
     * hides them for good or loses them.
     */
    unused: { count: unusedCount, sections: unusedSections, keywords: unusedKeywords, traits: unusedTraits, label: t.format("DAMAGECHAIN.Sheet.Unused", { count: unusedCount }) },
    keywords: Object.entries(KEYWORD_LABELS).map(([value, key]) => ({ value, label: t.localize(key), checked: draft.keywords.includes(value) })),
    showKeywords: keywordsUsed && (options.editable || draft.keywords.length > 0),
    showTemplates: options.editable && reads(TEMPLATE_STEPS),
    showTraits: traitsUsed,
    templates: templatePanel(draft, options.templateForm ?? DEFAULT_TEMPLATE_FORM, t),
    resources: draft.resources.map((r, index) => ({
      index,
      path: `resources[${index}]`,
      key: r.key,
      label: resourceLabel(r.key, t),
      value: asText(r.value),
      max: asText(r.max),
      mapped: r.mapped ?? "",
    })),
    traits: draft.traits.join(", "),
    state,
    preview: {
      ...options.preview,
      open: options.previewOpen === true,
      traitChoices: PREVIEW_TRAITS.map((c) => ({ value: c.value, label: t.localize(c.labelKey), checked: options.preview.traits.includes(c.value) })),
      // The hit's damage types, picked from the profile's types by label in a <multi-select>.
      typeChoices: typeChoices.filter((id) => id !== "all" && id !== "non-physical").map((id) => ({ value: id, label: typeLabel(id, traceLocalizer(t)), checked: previewTypes.includes(id) })),
    },
  };
}

export type TabContext = ReturnType<typeof buildTabContext>;
