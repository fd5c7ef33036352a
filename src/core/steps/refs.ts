/**
 * Small helpers shared by the defense steps: how a defense entry is named in
 * the trace (a language-neutral {@link DefenseRef}; `src/core/explain.ts`
 * writes it out), and how a part with several damage types picks the type a
 * per-type defense is measured on.
 */
import type { DefenseKind, DefenseRef, DefenseVia } from "../context.ts";
import type { Condition } from "../model/common.ts";
import { PF2E_HIT_WORDS } from "../import/pf2e-hit-words.ts";

/** The fields of a defense entry a reference copies (every entry schema has a subset of them). */
export interface RefSource {
  label?: string | undefined;
  type?: string | undefined;
  types?: readonly string[] | undefined;
  tag?: string | undefined;
  tags?: readonly string[] | undefined;
  requires?: string | undefined;
  value?: number | undefined;
  limit?: number | undefined;
  natural?: boolean | undefined;
  layer?: "natural" | "hard" | "soft" | undefined;
  condition?: Condition | undefined;
  template?: string | undefined;
  onlyWith?: readonly string[] | undefined;
}

/**
 * The keyword bundle an entry came from, read from its `template` tag:
 * `keyword:<id>` (the chain's own expansion, `normalize.ts`) or
 * `keyword.<id>` (a keyword template put on by the GM, `templates.ts`).
 */
export function viaOf(template: string | undefined): DefenseVia | undefined {
  if (template === undefined || !template.startsWith("keyword")) return undefined;
  const id = template.slice(8);
  return id === "insubstantial" || id === "swarm" || id === "regiment" ? id : undefined;
}

/**
 * A trace reference to defense entry `e` of kind `kind`: the fields that
 * name it (empty labels, empty lists and `natural: false` are left out).
 * Allocates one small object; call it only for entries that acted.
 */
export function defenseRef(kind: DefenseKind, e: RefSource): DefenseRef {
  const ref: DefenseRef = { kind };
  if (e.label) ref.label = e.label;
  if (e.type !== undefined) ref.type = e.type;
  if (e.types !== undefined && e.types.length > 0) ref.types = e.types;
  if (e.tag !== undefined) ref.tag = e.tag;
  if (e.tags !== undefined && e.tags.length > 0) ref.tags = e.tags;
  if (e.requires !== undefined) ref.requires = e.requires;
  if (e.value !== undefined) ref.value = e.value;
  if (e.limit !== undefined) ref.limit = e.limit;
  if (e.natural === true) ref.natural = true;
  if (e.layer !== undefined) ref.layer = e.layer;
  if (e.condition !== undefined) ref.condition = e.condition;
  // Most entries have no template: it is read once, and a word of it looked at only when there is one.
  const template = e.template;
  if (template !== undefined) {
    const via = viaOf(template);
    if (via !== undefined) ref.via = via;
    if (template.startsWith("import.pf2e")) {
      ref.system = "pf2e";
      // pf2e's entry against a word of the hit (holy, water, spells, area-damage…) is of type `all`: named by its word, as pf2e names it.
      if (e.type === "all" && e.onlyWith?.length === 1 && PF2E_HIT_WORDS.has(e.onlyWith[0]!)) ref.type = e.onlyWith[0];
    }
    else if (template === "import.draw-steel") ref.system = "draw-steel";
    else if (template.startsWith("import.pf1")) ref.system = "pf1";
  }
  return ref;
}

/** Frozen references by kind and entry (by identity), so a defense hit again and again is named by one object. */
const shared = new Map<DefenseKind, WeakMap<RefSource, DefenseRef>>();

/**
 * {@link defenseRef} of `e`, made once per entry and kind and then shared by
 * every hit (frozen: a trace never changes it). Two shared references of one
 * kind are the same object exactly when they name the same entry. Like every
 * cache of the core, this treats defense entries as immutable.
 */
export function sharedRef(kind: DefenseKind, e: RefSource): DefenseRef {
  let byEntry = shared.get(kind);
  if (byEntry === undefined) shared.set(kind, (byEntry = new WeakMap()));
  let ref = byEntry.get(e);
  if (ref === undefined) byEntry.set(e, (ref = Object.freeze(defenseRef(kind, e))));
  return ref;
}

/** `list` with `entry` appended unless it is already in it (by identity). Returns `list`. */
export function addOnce<T>(list: T[], entry: T): T[] {
  if (!list.includes(entry)) list.push(entry);
  return list;
}

/** A per-type measure of a defense: its value in points of damage and the entries that make it up. */
export interface TypeValue<T> {
  type: string;
  value: number;
  used: T[];
}

/**
 * The type of a part whose per-type defense value is largest (the first listed
 * type wins ties). This project's reading of 000, which measures BDR, FDR, DV,
 * negates and armor "for each Damage Type" but does not say what a part of
 * several types uses: the part is measured on its type with the largest value
 * (the strongest negate, reduction or armor; for DV the largest addition).
 * Returns undefined for a part with no types (never produced by the chain).
 */
export function bestType<T>(types: readonly string[], measure: (type: string) => TypeValue<T>): TypeValue<T> | undefined {
  let best: TypeValue<T> | undefined;
  for (const t of types) {
    const v = measure(t);
    if (best === undefined || v.value > best.value) best = v;
  }
  return best;
}

/** An entry of one of the defender's lists, as the list-to-kind mapping of {@link listEntryRef} reads it. */
type ListEntry = RefSource & { kind?: string; gains?: string; group?: string | undefined };

/**
 * A reference to entry `e` of the defender's list `list` (`resistances`,
 * `negates`…), of the kind the chain's steps name it by: so a warning about
 * an entry says "Resist 5 Cold" rather than `defenses.resistances[1]`.
 * Condition immunities are named by the condition they block.
 */
export function listEntryRef(list: string, e: ListEntry): DefenseRef {
  switch (list) {
    case "immunities":
      return defenseRef(e.tag !== undefined ? "tagImmunity" : "immunity", e);
    case "conditionImmunities":
      return defenseRef("immunity", { ...e, type: e.gains });
    case "prevention":
      return defenseRef(e.requires !== undefined ? "damageRequirement" : e.kind === "oneTime" ? "oneTimePrevention" : "prevention", e);
    case "negates":
      return defenseRef(e.kind === "FDN" ? "FDN" : "BDN", e);
    case "flat":
      return defenseRef(e.kind === "FDR" ? "FDR" : e.kind === "DV" ? "DV" : "BDR", e);
    case "reductions":
      return defenseRef(e.kind === "half" ? "halving" : "reduction", e);
    default:
      return defenseRef(LIST_KINDS[list] ?? "prevention", e);
  }
}

/** The kind of every list whose entries are all of one kind. */
const LIST_KINDS: Record<string, DefenseKind> = {
  tagResistances: "tagResistance",
  resistances: "resistance",
  vulnerabilities: "vulnerability",
  triggers: "trigger",
  armor: "armor",
  damageLimits: "damageLimit",
  shells: "damageShell",
};
