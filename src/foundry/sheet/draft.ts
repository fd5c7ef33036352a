/**
 * The Defenses tab's working copy of an actor's defender data: rows the user
 * is editing, possibly invalid (a number field keeps what was typed until it
 * is fixed), plus the pure operations on it (add, remove, reorder rows;
 * reset parts of the state). Nothing here touches the DOM or Foundry.
 */
import type { Defender, DefenderState } from "../../core/model/defender.ts";
import { defensesSchema, type Defenses } from "../../core/model/defenses.ts";
import { cloneState } from "../../core/chain.ts";
import { SECTIONS, sectionOf, type ListKey } from "./fields.ts";

/** One row as edited: the entry's properties, values as read from the form. */
export type Entry = Record<string, unknown>;

/**
 * One resource row: key (`hp`, `guard`...), value and max in points.
 * `mapped`: the actor data path the value lives at (the game system owns it,
 * e.g. dnd5e `system.attributes.hp.value`); such rows are shown, not edited.
 */
export interface ResourceRow {
  key: string;
  value: unknown;
  max: unknown;
  mapped?: string;
}

/** The working copy. `state` is shown, never typed into: it changes only through reset buttons. */
export interface DefenderDraft {
  name: string;
  lists: Record<ListKey, Entry[]>;
  /** Lists of the defenses the tab has no section for, carried through untouched so a save never drops them. */
  kept: Record<string, unknown[]>;
  keywords: string[];
  resources: ResourceRow[];
  /** Defender traits (`immortal`, `champion`, `ally`: 002). */
  traits: string[];
  state: DefenderState;
}

/** What the tab saves: the defender minus its state, in the schema's input shape (validated on save). */
export interface DraftInput {
  defenses: Record<string, unknown>;
  resources: Record<string, { value: unknown; max?: unknown }>;
  traits: string[];
}

/** The lists of `defenses` no section edits (deep copies). */
function keptLists(defenses: Defenses): Record<string, unknown[]> {
  const kept: Record<string, unknown[]> = {};
  for (const [key, list] of Object.entries(defenses)) if (key !== "keywords" && !SECTIONS.some((s) => s.list === key) && Array.isArray(list)) kept[key] = structuredClone(list);
  return kept;
}

/** A draft of `defender` (deep copies; the defender is not changed). `mapped`: resource key -> actor data path. */
export function draftFromDefender(defender: Defender, mapped: Readonly<Record<string, string>> = {}): DefenderDraft {
  const lists = {} as Record<ListKey, Entry[]>;
  for (const s of SECTIONS) lists[s.list] = (defender.defenses[s.list] as object[]).map((e) => structuredClone(e) as Entry);
  return {
    name: defender.name,
    lists,
    kept: keptLists(defender.defenses),
    keywords: [...defender.defenses.keywords],
    resources: Object.entries(defender.resources).map(([key, r]) => (mapped[key] === undefined ? { key, value: r.value, max: r.max } : { key, value: r.value, max: r.max, mapped: mapped[key] })),
    traits: [...defender.traits],
    state: cloneState(defender.state),
  };
}

/** Drop properties that are absent (undefined), so saved entries stay minimal. */
function compact(e: Entry): Entry {
  const out: Entry = {};
  for (const [k, v] of Object.entries(e)) if (v !== undefined) out[k] = v;
  return out;
}

/** The draft as schema input (defenses, resources, traits). Not validated: see `validate.ts`. */
export function draftInput(draft: DefenderDraft): DraftInput {
  const defenses: Record<string, unknown> = { ...structuredClone(draft.kept), keywords: [...draft.keywords] };
  for (const s of SECTIONS) defenses[s.list] = draft.lists[s.list].map(compact);
  const resources: DraftInput["resources"] = {};
  for (const r of draft.resources) resources[r.key] = r.max === undefined ? { value: r.value } : { value: r.value, max: r.max };
  return { defenses, resources, traits: [...draft.traits] };
}

/** Same draft, one list replaced. */
function withList(draft: DefenderDraft, list: ListKey, rows: Entry[]): DefenderDraft {
  return { ...draft, lists: { ...draft.lists, [list]: rows } };
}

/**
 * Append a new row (the section's initial entry) to `list`; `kind`, when
 * given, replaces its `kind` (the first kind the active profile applies:
 * a pf2e profile's flat row starts as FDR, not BDR). Throws for an unknown list.
 */
export function addRow(draft: DefenderDraft, list: string, kind = ""): DefenderDraft {
  const section = sectionOf(list);
  const entry = section.initial();
  if (kind !== "" && "kind" in entry) entry.kind = kind;
  return withList(draft, section.list, [...draft.lists[section.list], entry]);
}

/** Remove row `index` of `list` (out of range: no change). */
export function removeRow(draft: DefenderDraft, list: string, index: number): DefenderDraft {
  const section = sectionOf(list);
  return withList(draft, section.list, draft.lists[section.list].filter((_, i) => i !== index));
}

/** Move an item of `items` from `index` by `delta` places (clamped to the list); a new array. */
export function moved<T>(items: readonly T[], index: number, delta: number): T[] {
  const out = [...items];
  const to = Math.max(0, Math.min(out.length - 1, index + delta));
  if (index < 0 || index >= out.length || to === index) return out;
  const [item] = out.splice(index, 1);
  out.splice(to, 0, item as T);
  return out;
}

/** Move row `index` of `list` up (`delta` -1) or down (+1). Order matters: later entries lose (004 newest refused, groups). */
export function moveRow(draft: DefenderDraft, list: string, index: number, delta: number): DefenderDraft {
  const section = sectionOf(list);
  return withList(draft, section.list, moved(draft.lists[section.list], index, delta));
}

/** Append a resource row, named `key` (a pool the profile takes damage from, as "ward") or empty. */
export function addResource(draft: DefenderDraft, key = ""): DefenderDraft {
  return { ...draft, resources: [...draft.resources, { key, value: 0, max: undefined }] };
}

/** Remove resource row `index` (rows the game system owns stay). */
export function removeResource(draft: DefenderDraft, index: number): DefenderDraft {
  return { ...draft, resources: draft.resources.filter((r, i) => i !== index || r.mapped !== undefined) };
}

/** Replace the defenses of the draft with `defenses` (after a template was applied or removed). */
export function withDefenses(draft: DefenderDraft, defenses: Defenses): DefenderDraft {
  const lists = {} as Record<ListKey, Entry[]>;
  for (const s of SECTIONS) lists[s.list] = (defenses[s.list] as object[]).map((e) => structuredClone(e) as Entry);
  return { ...draft, lists, kept: keptLists(defenses), keywords: [...defenses.keywords] };
}

/**
 * What a reset button resets (RULES.md §2.9, §2.2, §2.10):
 * - `round`: damage taken this round, shell immunity and bypassed shells (as a new round would);
 * - `shell`: one shell's cooldown (`id`); `oneTime`: one prevention's uses left (`id`), back to full;
 * - `condition`: one condition (`id`); `conditions`: all of them;
 * - `wounds`, `counters`, `temporaryDamage`, `variableResistance`, `nextHitPool`.
 */
export type StateReset = "round" | "shell" | "oneTime" | "condition" | "conditions" | "wounds" | "counters" | "temporaryDamage" | "variableResistance" | "nextHitPool";

/** `state` with one part reset. Returns a new state; `state` is not changed. */
export function resetState(state: DefenderState, what: StateReset, id = ""): DefenderState {
  const s = cloneState(state);
  switch (what) {
    case "round":
      return { ...s, roundLifeLost: 0, shellImmune: false, shellsBypassed: [] };
    case "shell":
      delete s.shellCooldowns[id];
      return s;
    case "oneTime":
      delete s.oneTimeUses[id];
      return s;
    case "condition":
      return { ...s, conditions: s.conditions.filter((c) => c !== id) };
    case "conditions":
      return { ...s, conditions: [] };
    case "wounds":
      return { ...s, wounds: {} };
    case "counters":
      return { ...s, counters: 0 };
    case "temporaryDamage":
      return { ...s, temporaryDamage: 0 };
    case "variableResistance":
      delete s.variableResistance;
      return s;
    case "nextHitPool":
      delete s.nextHitPool;
      return s;
  }
}

/** True for a known reset name (input from a button's data attribute). */
export function isStateReset(what: string): what is StateReset {
  return ["round", "shell", "oneTime", "condition", "conditions", "wounds", "counters", "temporaryDamage", "variableResistance", "nextHitPool"].includes(what);
}

/**
 * True when two drafts hold the same defenses (compared after the schema
 * fills in defaults), resources and traits: a kept draft equal to what the
 * actor now stores has nothing unsaved.
 */
export function sameContent(a: DefenderDraft, b: DefenderDraft): boolean {
  const ia = draftInput(a);
  const ib = draftInput(b);
  const pa = defensesSchema.safeParse(ia.defenses);
  const pb = defensesSchema.safeParse(ib.defenses);
  const defenses = pa.success && pb.success ? JSON.stringify(pa.data) === JSON.stringify(pb.data) : JSON.stringify(ia.defenses) === JSON.stringify(ib.defenses);
  return defenses && JSON.stringify([ia.resources, ia.traits]) === JSON.stringify([ib.resources, ib.traits]);
}

/**
 * The draft with a recipe's entries (already tagged and named, `core/recipes.ts`
 * `recipeEntries`) added at the end of their lists, and its pools added as
 * resource rows unless the actor has them already. Entries of a list the tab
 * has no section for are kept as they come.
 */
export function addEntries(draft: DefenderDraft, entries: Readonly<Record<string, readonly Entry[]>>, resources: Readonly<Record<string, { value: number; max?: number | undefined }>> = {}): DefenderDraft {
  const lists = { ...draft.lists };
  const kept = { ...draft.kept };
  for (const [list, rows] of Object.entries(entries)) {
    if (list in lists) lists[list as ListKey] = [...lists[list as ListKey], ...rows.map((e) => structuredClone(e) as Entry)];
    else kept[list] = [...(kept[list] ?? []), ...structuredClone(rows)];
  }
  const have = new Set(draft.resources.map((r) => r.key));
  const added = Object.entries(resources).filter(([key]) => !have.has(key)).map(([key, r]) => ({ key, value: r.value, max: r.max }));
  return { ...draft, lists, kept, resources: [...draft.resources, ...added] };
}
