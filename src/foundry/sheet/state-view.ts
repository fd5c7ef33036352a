/**
 * The "State" section of the Defenses tab: what persists between hits, each
 * part with the reset it offers (RULES.md §2.2 one-time prevention, §2.8
 * wounds, §2.9 Damage Limit round counter and Damage Shell cooldowns,
 * §2.10 counters and temporary damage, 001 Variable Resistance). Pure.
 */
import { typeLabel } from "../../core/labels.ts";
import { HIT_LOCATIONS } from "../../core/model/defender.ts";
import type { DefenderDraft } from "./draft.ts";
import { CHARACTER_CONDITIONS, resourceLabel } from "./fields.ts";
import { traceLocalizer, unitLetters, type Localizer } from "./localizer.ts";
import { formatDuration } from "../../core/duration.ts";

const LOCATION_LABELS: Readonly<Record<(typeof HIT_LOCATIONS)[number], string>> = {
  rightLeg: "DAMAGECHAIN.Location.rightLeg",
  leftLeg: "DAMAGECHAIN.Location.leftLeg",
  rightArm: "DAMAGECHAIN.Location.rightArm",
  leftArm: "DAMAGECHAIN.Location.leftArm",
  torso: "DAMAGECHAIN.Location.torso",
};

export interface ShellView {
  id: string;
  label: string;
  /** Game seconds until the shell can trigger again (0 = ready). */
  left: number;
  leftText: string;
  ready: boolean;
}

export interface OneTimeView {
  id: string;
  label: string;
  left: number;
  total: number;
  spent: boolean;
}

export interface StateView {
  roundLifeLost: number;
  shellImmune: boolean;
  roundDirty: boolean;
  shells: ShellView[];
  oneTime: OneTimeView[];
  conditions: { id: string; label: string }[];
  wounds: { label: string; points: number }[];
  counters: number;
  temporaryDamage: number;
  /** Variable Resistance in force (001): the labels of its two damage types. */
  variableResistance?: { resist: string; vulnerable: string };
  nextHitPool?: string;
  /** Nothing beyond the round counter to show. */
  empty: boolean;
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const int = (v: unknown, fallback: number): number => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : fallback);

/** The state section for `draft` at game time `now` (seconds). */
export function stateView(draft: DefenderDraft, now: number, t: Localizer): StateView {
  const st = draft.state;
  const shellIds = new Set<string>();
  const shells: ShellView[] = [];
  const addShell = (id: string, label: string) => {
    if (id === "" || shellIds.has(id)) return;
    shellIds.add(id);
    const left = Math.max(0, (st.shellCooldowns[id] ?? 0) - now);
    shells.push({ id, label, left, leftText: left > 0 ? formatDuration(left, unitLetters(t)) : t.localize("DAMAGECHAIN.Sheet.State.Ready"), ready: left === 0 });
  };
  for (const s of draft.lists.shells) addShell(str(s.id), str(s.label) || `${str(s.id)} (${String(s.value ?? "")})`);
  for (const id of Object.keys(st.shellCooldowns)) addShell(id, id);

  const oneTime: OneTimeView[] = [];
  draft.lists.prevention.forEach((p, i) => {
    if (p.kind !== "oneTime") return;
    const id = str(p.id) || `prevention-${i}`;
    const total = int(p.uses, 1);
    const left = st.oneTimeUses[id] ?? total;
    oneTime.push({ id, label: str(p.label) || id, left, total, spent: left < total });
  });
  // "Drop to 1 HP instead of 0" with uses keeps them in the same record (`core/steps/endurance.ts`), restored by rests.
  draft.lists.endurance.forEach((e, i) => {
    if (e.uses === undefined || e.uses === "") return;
    const id = str(e.id) || `endurance-${i}`;
    const total = int(e.uses, 1);
    const left = st.oneTimeUses[id] ?? total;
    oneTime.push({ id, label: str(e.label) || id, left, total, spent: left < total });
  });

  const conditions = st.conditions.map((id) => {
    const known = CHARACTER_CONDITIONS.find((c) => c.value === id);
    return { id, label: known ? t.localize(known.labelKey) : id };
  });
  const wounds = HIT_LOCATIONS.filter((l) => (st.wounds[l] ?? 0) > 0).map((l) => ({ label: t.localize(LOCATION_LABELS[l]), points: st.wounds[l] ?? 0 }));
  const view: StateView = {
    roundLifeLost: st.roundLifeLost,
    shellImmune: st.shellImmune,
    roundDirty: st.roundLifeLost > 0 || st.shellImmune || st.shellsBypassed.length > 0,
    shells,
    oneTime,
    conditions,
    wounds,
    counters: st.counters,
    temporaryDamage: st.temporaryDamage,
    empty: shells.length === 0 && oneTime.length === 0 && conditions.length === 0 && wounds.length === 0 && st.counters === 0 && st.temporaryDamage === 0 && !st.variableResistance && !st.nextHitPool,
  };
  if (st.variableResistance) {
    const l = traceLocalizer(t);
    view.variableResistance = { resist: typeLabel(st.variableResistance.resist, l), vulnerable: typeLabel(st.variableResistance.vulnerable, l) };
  }
  if (st.nextHitPool) view.nextHitPool = resourceLabel(st.nextHitPool, t);
  return view;
}
