/**
 * The custom-profile editor's working copy: profiles as the form shows them
 * (each step option and profile option a field generated from its schema,
 * `option-fields.ts`), the edits the buttons make (add, remove, order steps),
 * JSON import and export of one profile, and the conversion back to
 * validated profiles. Plain data; the ApplicationV2 around it is
 * `profile-editor.ts`.
 */
import { profileLabel, type Localizer } from "../../core/explain.ts";
import { say } from "../../core/messages.ts";
import { profileOptionsSchema, STEP_IDS, STEP_OPTION_SCHEMAS, type ProfileInput, type StepId } from "../../core/model/profile.ts";
import { z } from "../../core/zod.ts";
import { parseProfile, type InputProblem } from "../../core/validate.ts";
import type { Profile } from "../../core/model/profile.ts";
import { optionFields, readOptionFields, type OptionField } from "./option-fields.ts";

/** One step row of the form. */
export interface DraftStep {
  step: StepId;
  enabled: boolean;
  /** The step runs only for an actor that has defenses for it (the system profiles' own chain steps). */
  whenUsed: boolean;
  /** The step's options as typed (validated on save). */
  options: Record<string, unknown>;
}

/** One profile as the form edits it. */
export interface DraftProfile {
  id: string;
  name: string;
  description: string;
  steps: DraftStep[];
  /** Profile options (rounding, comparisons, default type, damage types). */
  options: Record<string, unknown>;
}

const NO_OPTIONS = z.strictObject({});
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The fields of step `i` of a draft (none for a step without options). */
export function stepFields(step: DraftStep, i: number): OptionField[] {
  const schema = (STEP_OPTION_SCHEMAS as Record<string, z.ZodMiniType>)[step.step] ?? NO_OPTIONS;
  return optionFields(schema, step.options, `steps.${i}.options`);
}

/** The fields of a draft's profile options. */
export function profileFields(draft: DraftProfile): OptionField[] {
  return optionFields(profileOptionsSchema, draft.options, "options");
}

/** A draft of `profile` (built-in or custom), optionally under a new id and name. */
export function toDraft(profile: Profile | ProfileInput, rename?: { id: string; name: string }): DraftProfile {
  return {
    id: rename?.id ?? profile.id,
    name: rename?.name ?? profile.name,
    description: profile.description ?? "",
    steps: profile.steps.map((s) => ({ step: s.step, enabled: s.enabled ?? true, whenUsed: s.whenUsed === true, options: structuredClone(s.options ?? {}) })),
    options: structuredClone((profile.options ?? {}) as Record<string, unknown>),
  };
}

/**
 * A new draft copied from `source` under `id`, named and described in the
 * reader's language ("Copy of Rüstungspools (004)"; a built-in's description
 * from `DAMAGECHAIN.ProfileDescription.<id>`).
 */
export function copyOf(source: Profile, id: string, l: Localizer): DraftProfile {
  const draft = toDraft(source, { id, name: l.format("DAMAGECHAIN.Settings.Editor.CopyName", { name: profileLabel(source, l) }) });
  const key = `DAMAGECHAIN.ProfileDescription.${source.id}`;
  if (l.has(key)) draft.description = l.format(key);
  return draft;
}

/** The profiles a new one may copy, by id, named in the reader's language. */
export function copyChoices(list: readonly Profile[], l: Localizer): Record<string, string> {
  return Object.fromEntries(list.map((p) => [p.id, profileLabel(p, l)]));
}

/** `draft` as JSON (the profile's shape, indented): the editor's export. */
export function exportJson(draft: DraftProfile): string {
  return JSON.stringify({ id: draft.id, name: draft.name, description: draft.description, steps: draft.steps, options: draft.options }, null, 2);
}

/**
 * Replace `draft`'s name, description, steps and options with a profile in
 * JSON (the editor's import; its id stays). Returns the problems (not JSON,
 * not a profile with steps, a step this world cannot run: `runs`, named) and
 * changes nothing then; the rest is validated on save like any edit.
 */
export function importJson(draft: DraftProfile, text: string, runs: (step: StepId) => boolean = () => true): InputProblem[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return [{ path: "import", message: say("DAMAGECHAIN.Validation.Json", { reason: (err as Error).message }) }];
  }
  if (!isObject(raw) || !Array.isArray(raw.steps)) return [{ path: "import.steps", message: say("DAMAGECHAIN.Validation.List") }];
  const steps: DraftStep[] = [];
  for (const s of raw.steps) {
    if (!isObject(s) || !(STEP_IDS as readonly unknown[]).includes(s.step)) return [{ path: "import.steps", message: say("DAMAGECHAIN.Validation.Invalid") }];
    steps.push({ step: s.step as StepId, enabled: s.enabled !== false, whenUsed: s.whenUsed === true, options: isObject(s.options) ? s.options : {} });
  }
  const cannot = steps.findIndex((s) => !runs(s.step));
  if (cannot >= 0) return [notLoaded(`import.steps[${cannot}].step`, steps[cannot]!.step)];
  if (typeof raw.name === "string") draft.name = raw.name;
  if (typeof raw.description === "string") draft.description = raw.description;
  draft.steps = steps;
  draft.options = isObject(raw.options) ? raw.options : {};
  return [];
}

/** The problem of a step this world cannot run (it comes with another game system's rules), at `path`, naming the step. */
const notLoaded = (path: string, step: StepId): InputProblem => ({ path, message: say("DAMAGECHAIN.Validation.StepNotLoaded", { stepKey: `DAMAGECHAIN.Step.${step}` }) });

/**
 * Validate every draft. Returns the profiles when all are valid; otherwise
 * the problems, each naming the profile and field (`profiles[1].steps[2].options.order: ...`).
 * Ids must be unique and may not reuse a built-in id (`builtIns`); an enabled
 * step must be one this world can run (`runs`).
 */
export function fromDrafts(drafts: readonly DraftProfile[], builtIns: ReadonlySet<string>, runs: (step: StepId) => boolean = () => true): { profiles: Profile[]; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  const profiles: Profile[] = [];
  const seen = new Set<string>();
  drafts.forEach((d, i) => {
    const root = `profiles[${i}]`;
    const input = {
      id: d.id.trim(),
      name: d.name.trim(),
      description: d.description,
      steps: d.steps.map((s) => ({ step: s.step, enabled: s.enabled, ...(s.whenUsed ? { whenUsed: true } : {}), options: s.options })),
      options: d.options,
    };
    if (builtIns.has(input.id)) problems.push({ path: `${root}.id`, message: say("DAMAGECHAIN.Validation.BuiltInId", { id: input.id }) });
    if (seen.has(input.id)) problems.push({ path: `${root}.id`, message: say("DAMAGECHAIN.Validation.IdTwice", { id: input.id }) });
    seen.add(input.id);
    d.steps.forEach((s, j) => {
      if (s.enabled && !runs(s.step)) problems.push(notLoaded(`${root}.steps[${j}].step`, s.step));
    });
    const parsed = parseProfile(input, root);
    if (parsed.ok) profiles.push(parsed.value);
    else problems.push(...parsed.problems);
  });
  return problems.length > 0 ? { profiles: [], problems } : { profiles, problems };
}

/** Move step `index` of `draft` by `by` places (clamped). */
export function moveStep(draft: DraftProfile, index: number, by: number): void {
  const to = Math.max(0, Math.min(draft.steps.length - 1, index + by));
  const [step] = draft.steps.splice(index, 1);
  if (step !== undefined) draft.steps.splice(to, 0, step);
}

/** Append a step (the first step id not yet in the chain, else `life`). */
export function addStep(draft: DraftProfile): void {
  const step = STEP_IDS.find((id) => !draft.steps.some((s) => s.step === id)) ?? "life";
  draft.steps.push({ step, enabled: true, whenUsed: false, options: {} });
}

/** Remove step `index`. */
export function removeStep(draft: DraftProfile, index: number): void {
  draft.steps.splice(index, 1);
}

/** A free id like `custom-2` for a new profile. */
export function freeId(taken: ReadonlySet<string>): string {
  let n = 1;
  while (taken.has(`custom-${n}`)) n++;
  return `custom-${n}`;
}

/**
 * Copy the form's values (flat keys: `name`, `steps.0.enabled`,
 * `steps.2.options.mode`, `options.rounding`...) into `draft`. Unknown keys
 * are ignored; unknown step ids are kept out; a step changed to another
 * step starts from that step's defaults.
 */
export function readForm(draft: DraftProfile, values: Record<string, unknown>): void {
  if (typeof values.id === "string") draft.id = values.id;
  if (typeof values.name === "string") draft.name = values.name;
  if (typeof values.description === "string") draft.description = values.description;
  draft.options = readOptionFields(profileFields(draft), values);
  draft.steps.forEach((s, i) => {
    const step = values[`steps.${i}.step`];
    if (typeof values[`steps.${i}.enabled`] === "boolean") s.enabled = values[`steps.${i}.enabled`] as boolean;
    if (typeof values[`steps.${i}.whenUsed`] === "boolean") s.whenUsed = values[`steps.${i}.whenUsed`] as boolean;
    if (typeof step === "string" && step !== s.step && (STEP_IDS as readonly string[]).includes(step)) {
      s.step = step as StepId;
      s.options = {};
      return;
    }
    s.options = readOptionFields(stepFields(s, i), values);
  });
}
