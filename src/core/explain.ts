/**
 * The one formatter of the trace. `resolve` (chain.ts) explains a hit as
 * language-neutral data: lang keys, numbers, ids and {@link DefenseRef}s.
 * This module writes that data out in the reader's language through an
 * injected {@link Localizer} (Foundry's `game.i18n`, or the CLI's reader of
 * `lang/en.json`), so the chat card, the Defenses tab's preview and the CLI
 * say the same thing in the same words. Pure: no Foundry, no state.
 *
 * Lang namespaces it reads:
 * - `DAMAGECHAIN.Trace.<step>.<outcome>`: one line per step; `{defense}` is
 *   always available and names the defenses responsible;
 * - `DAMAGECHAIN.Detail.*`: per-part / per-pool lines (`{pieces}`, `{minus}`,
 *   `{plus}`: the defenses of the line with the points each did);
 * - `DAMAGECHAIN.Defense.*`: names of defenses ("Resist 10 Fire"); wrappers
 *   `natural`, `when`, `scope`, `via` add "(natural)", "(Advantage)",
 *   "(Fire)", "[Insubstantial]" around a name, in the order the language wants;
 * - labels of ids, each falling back to the id itself: `DAMAGECHAIN.Type.<id>`
 *   (damage types), `DAMAGECHAIN.Resource.<key>`, `DAMAGECHAIN.Condition.<id>`
 *   (character conditions), `DAMAGECHAIN.Location.<id>` (hit locations),
 *   `DAMAGECHAIN.When.<condition>` (a defense's per-event condition),
 *   `DAMAGECHAIN.Step.<id>`, `DAMAGECHAIN.Profile.<id>` (built-in profiles).
 */
import type { DefenseKind, DefenseRef, MessageParams, TraceDetail, TraceEntry, Warning } from "./context.ts";
import { conditionLabel, locationLabel, resourceLabel, traitLabel, typeLabel, whenLabel } from "./labels.ts";
import type { Localizer } from "./localizer.ts";

export type { Localizer } from "./localizer.ts";
// The labels of ids live apart (`labels.ts`: the Foundry entry bundle needs them, not the rest of the formatter).
export { conditionLabel, locationLabel, profileLabel, resourceLabel, traitLabel, typeLabel, whenLabel } from "./labels.ts";

type Labeler = (id: string, l: Localizer) => string;

/** Params holding ids, by their conventional name (see `MessageParams` in context.ts), and how to label them. */
const PARAM_LABELS = new Map<string, Labeler>([
  ["type", typeLabel],
  ["types", typeLabel],
  ["partTypes", typeLabel],
  ["resist", typeLabel],
  ["vulnerable", typeLabel],
  ["triggering", typeLabel],
  ["resource", resourceLabel],
  ["pool", resourceLabel],
  ["order", resourceLabel],
  ["condition", conditionLabel],
  ["conditions", conditionLabel],
  ["location", locationLabel],
  ["traits", traitLabel],
]);

/** How list params are joined: a part's types with "+", the pools' order with arrows, anything else with commas. */
const LIST_SEPARATORS = new Map<string, string>([
  ["partTypes", "+"],
  ["order", " → "],
]);

/** The text of one param: ids labelled, numbers and symbols as they are, lists joined ("—" when empty). */
function paramText(name: string, value: MessageParams[string], l: Localizer): string {
  const label = PARAM_LABELS.get(name);
  const one = (v: string | number): string => (label !== undefined && typeof v === "string" ? label(v, l) : String(v));
  if (typeof value !== "object") return one(value);
  if (value.length === 0) return "—";
  return value.map(one).join(LIST_SEPARATORS.get(name) ?? ", ");
}

/** Every param as text, ready for `Localizer.format`. */
function paramTexts(params: MessageParams, l: Localizer): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) out[name] = paramText(name, value, l);
  return out;
}

/** Where a defense came from, as a label: a keyword's name, Variable Resistance, or resistance reduction (001). */
function viaLabel(via: NonNullable<DefenseRef["via"]>, l: Localizer): string {
  if (via === "variableResistance") return l.format("DAMAGECHAIN.Step.variableResistance");
  if (via === "resistanceReduction") return l.format("DAMAGECHAIN.Defense.resistanceReduction");
  return l.format(`DAMAGECHAIN.Template.Name.${via}`);
}

/** The lang key naming a defense of `ref`'s kind (before the wrappers). */
function nameKey(ref: DefenseRef): string {
  switch (ref.kind) {
    case "resistance":
      return ref.limit === undefined ? "DAMAGECHAIN.Defense.resistance" : "DAMAGECHAIN.Defense.resistanceLimit";
    case "vulnerability":
      return ref.limit === undefined ? "DAMAGECHAIN.Defense.vulnerability" : "DAMAGECHAIN.Defense.vulnerabilityLimit";
    case "armor":
      return ref.layer === "natural" ? "DAMAGECHAIN.Defense.armorNatural" : ref.layer === "hard" ? "DAMAGECHAIN.Defense.armorHard" : "DAMAGECHAIN.Defense.armorSoft";
    case "immunity":
      return "DAMAGECHAIN.Defense.immunity";
    case "tagImmunity":
      return "DAMAGECHAIN.Defense.tagImmunity";
    case "prevention":
      return "DAMAGECHAIN.Defense.prevention";
    case "oneTimePrevention":
      return "DAMAGECHAIN.Defense.oneTimePrevention";
    case "damageRequirement":
      return "DAMAGECHAIN.Defense.damageRequirement";
    case "BDN":
      return "DAMAGECHAIN.Defense.BDN";
    case "FDN":
      return "DAMAGECHAIN.Defense.FDN";
    case "BDR":
      return "DAMAGECHAIN.Defense.BDR";
    case "FDR":
      return "DAMAGECHAIN.Defense.FDR";
    case "DV":
      return "DAMAGECHAIN.Defense.DV";
    case "tagResistance":
      return "DAMAGECHAIN.Defense.tagResistance";
    case "reduction":
      return "DAMAGECHAIN.Defense.reduction";
    case "halving":
      return "DAMAGECHAIN.Defense.halving";
    case "damageLimit":
      return "DAMAGECHAIN.Defense.damageLimit";
    case "damageShell":
      return "DAMAGECHAIN.Defense.damageShell";
    case "trigger":
      return "DAMAGECHAIN.Defense.trigger";
    case "variableResistance":
      return "DAMAGECHAIN.Step.variableResistance";
    case "modification":
      return "DAMAGECHAIN.Defense.modification";
    case "threshold":
      return "DAMAGECHAIN.Defense.threshold";
    case "endurance":
      return "DAMAGECHAIN.Defense.endurance";
    case "reaction":
      return "DAMAGECHAIN.Defense.reaction";
    case "unaffected":
      return "DAMAGECHAIN.Defense.unaffected";
  }
}

/** Keys naming pf2e's imported resistances and weaknesses (flat FDR and DV entries in the chain). */
const PF2E_NAMES: Partial<Record<DefenseKind, string>> = { FDR: "DAMAGECHAIN.Defense.pf2eResistance", DV: "DAMAGECHAIN.Defense.pf2eWeakness" };
/** Keys naming Draw Steel's imported immunities (FDR entries: points off) and weaknesses (DV entries). */
const DRAW_STEEL_NAMES: Partial<Record<DefenseKind, string>> = { FDR: "DAMAGECHAIN.Defense.drawSteelImmunity", DV: "DAMAGECHAIN.Defense.drawSteelWeakness" };

/**
 * The name of one defense. The GM's own `label` wins; otherwise it is written
 * from the rule, e.g. "Resist 10 Fire (Advantage)", "BDR 2 Fire (natural)",
 * "Resist Physical [Insubstantial]", "Prevention (Fire)".
 */
export function describeDefense(ref: DefenseRef, l: Localizer): string {
  if (ref.label) return ref.label;
  const params: Record<string, string> = {};
  if (ref.type !== undefined) params.type = typeLabel(ref.type, l);
  if (ref.tag !== undefined) params.tag = typeLabel(ref.tag, l);
  if (ref.value !== undefined) params.value = String(ref.value);
  if (ref.limit !== undefined) params.limit = String(ref.limit);
  if (ref.requires !== undefined) params.requires = ref.requires;
  // A system's own traits in its words (`CONFIG.PF2E` "Resistance"/"Weakness"; PF1's "DR 5/Silver", "Resist Fire 10",
  // "Hardness 8": `Defense.pf1.<kind>`, an entry of every type `.all`), not the 000 abbreviations.
  const systemKey = ref.system === "pf2e" ? PF2E_NAMES[ref.kind] : ref.system === "draw-steel" ? DRAW_STEEL_NAMES[ref.kind] : ref.system === "pf1" ? `DAMAGECHAIN.Defense.pf1.${ref.type === "all" ? "all" : ref.kind}` : undefined;
  // PF1's DR bypass: a word per alternative, `&` joining words all needed, none "—".
  if (ref.bypass) params.bypass = ref.bypass.map((w) => w.split("&").map((x) => traitLabel(x, l)).join(l.format("DAMAGECHAIN.Defense.and"))).join(l.format("DAMAGECHAIN.Defense.or")) || "—";
  let text = l.format(systemKey !== undefined && l.has(systemKey) ? systemKey : nameKey(ref), params);
  if (ref.natural) text = l.format("DAMAGECHAIN.Defense.natural", { defense: text });
  const scope = [...(ref.types ?? []).map((t) => typeLabel(t, l)), ...(ref.tags ?? [])];
  if (scope.length > 0) text = l.format("DAMAGECHAIN.Defense.scope", { defense: text, scope: scope.join(", ") });
  if (ref.condition !== undefined) text = l.format("DAMAGECHAIN.Defense.when", { defense: text, condition: whenLabel(ref.condition, l) });
  if (ref.via !== undefined) text = l.format("DAMAGECHAIN.Defense.via", { defense: text, via: viaLabel(ref.via, l) });
  return text;
}

/** The names of `refs`, each once, joined by ", " ("" for none). */
export function describeDefenses(refs: readonly DefenseRef[], l: Localizer): string {
  const names: string[] = [];
  for (const ref of refs) {
    const name = describeDefense(ref, l);
    if (!names.includes(name)) names.push(name);
  }
  return names.join(", ");
}

/** One detail line (see `TraceDetail`): params labelled, plus `{defense}` and, with points, `{pieces}`/`{minus}`/`{plus}`. */
export function explainDetail(detail: TraceDetail, l: Localizer): string {
  const params = paramTexts(detail.params, l);
  const refs = detail.defenses ?? [];
  params.defense = describeDefenses(refs, l);
  if (detail.points !== undefined) {
    const minus: string[] = [];
    const plus: string[] = [];
    const all: string[] = [];
    refs.forEach((ref, i) => {
      const added = ref.kind === "vulnerability";
      const piece = l.format(added ? "DAMAGECHAIN.Detail.plus" : "DAMAGECHAIN.Detail.minus", { defense: describeDefense(ref, l), points: String(detail.points![i] ?? 0) });
      (added ? plus : minus).push(piece);
      all.push(piece);
    });
    params.pieces = all.join(", ");
    params.minus = minus.join(", ");
    params.plus = plus.join(", ");
  }
  return l.format(detail.key, params);
}

/** One trace entry written out: the step's name, what happened, the defenses responsible ("" for none), and its detail lines. */
export interface EntryText {
  step: string;
  text: string;
  defense: string;
  details: string[];
}

/** Write out one trace entry (see {@link EntryText}). */
export function explainEntry(entry: TraceEntry, l: Localizer): EntryText {
  const defense = describeDefenses(entry.defenses, l);
  const params = paramTexts(entry.params, l);
  params.defense = defense;
  return {
    step: l.format(`DAMAGECHAIN.Step.${entry.step}`),
    text: l.format(entry.key, params),
    defense,
    details: entry.details === undefined ? [] : entry.details.map((d) => explainDetail(d, l)),
  };
}

/**
 * A defense as a warning names it: its kind and figures, then the GM's label
 * in brackets ("Resist 5 Cold (ring)"), so that two entries of one label
 * still differ.
 */
export function describeEntry(ref: DefenseRef, l: Localizer): string {
  const { label, ...unlabelled } = ref;
  const name = describeDefense(unlabelled, l);
  return label === undefined ? name : l.format("DAMAGECHAIN.Defense.labelled", { defense: name, label });
}

/**
 * The text of a warning (refused or non-stacking defense), without its path:
 * `{defense}` names the entry warned about and `{first}` the others (see
 * {@link describeEntry}).
 */
export function explainWarning(warning: Warning, l: Localizer): string {
  const params = paramTexts(warning.params, l);
  if (warning.defense !== undefined) params.defense = describeEntry(warning.defense, l);
  if (warning.others !== undefined) params.first = warning.others.map((r) => describeEntry(r, l)).join(", ");
  return l.format(warning.key, params);
}
