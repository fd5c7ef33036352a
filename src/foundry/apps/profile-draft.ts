/**
 * The custom-profile editor's working copy: profiles as the form shows them
 * (step options as JSON text), the edits the buttons make (add, remove, order
 * steps), and the conversion back to validated profiles. Plain data; the
 * ApplicationV2 around it is `profile-editor.ts`.
 */
import { say } from "../../core/messages.ts";
import { STEP_IDS, type ProfileInput, type StepId } from "../../core/model/profile.ts";
import { parseProfile, type InputProblem } from "../../core/validate.ts";
import type { Profile } from "../../core/model/profile.ts";

/** One step row of the form. */
export interface DraftStep {
  step: StepId;
  enabled: boolean;
  /** The step's options as JSON (`{}` for none). */
  options: string;
}

/** One profile as the form edits it. */
export interface DraftProfile {
  id: string;
  name: string;
  description: string;
  steps: DraftStep[];
  /** Profile options as JSON (rounding, comparisons, default type, damage types). */
  options: string;
}

/** A draft of `profile` (built-in or custom), optionally under a new id and name. */
export function toDraft(profile: Profile | ProfileInput, rename?: { id: string; name: string }): DraftProfile {
  return {
    id: rename?.id ?? profile.id,
    name: rename?.name ?? profile.name,
    description: profile.description ?? "",
    steps: profile.steps.map((s) => ({ step: s.step, enabled: s.enabled ?? true, options: JSON.stringify(s.options ?? {}) })),
    options: JSON.stringify(profile.options ?? {}),
  };
}

function parseJson(text: string, path: string, problems: InputProblem[]): unknown {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch (err) {
    problems.push({ path, message: say("DAMAGECHAIN.Validation.Json", { reason: (err as Error).message }) });
    return {};
  }
}

/**
 * Validate every draft. Returns the profiles when all are valid; otherwise
 * the problems, each naming the profile and field (`profiles[1].steps[2].options.order: ...`).
 * Ids must be unique and may not reuse a built-in id (`builtIns`).
 */
export function fromDrafts(drafts: readonly DraftProfile[], builtIns: ReadonlySet<string>): { profiles: Profile[]; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  const profiles: Profile[] = [];
  const seen = new Set<string>();
  drafts.forEach((d, i) => {
    const root = `profiles[${i}]`;
    const input = {
      id: d.id.trim(),
      name: d.name.trim(),
      description: d.description,
      steps: d.steps.map((s, j) => ({ step: s.step, enabled: s.enabled, options: parseJson(s.options, `${root}.steps[${j}].options`, problems) })),
      options: parseJson(d.options, `${root}.options`, problems),
    };
    if (builtIns.has(input.id)) problems.push({ path: `${root}.id`, message: say("DAMAGECHAIN.Validation.BuiltInId", { id: input.id }) });
    if (seen.has(input.id)) problems.push({ path: `${root}.id`, message: say("DAMAGECHAIN.Validation.IdTwice", { id: input.id }) });
    seen.add(input.id);
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
  draft.steps.push({ step, enabled: true, options: "{}" });
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
 * Copy the form's values (flat keys: `name`, `steps.2.options`,
 * `steps.0.enabled`...) into `draft`. Unknown keys are ignored; unknown step
 * ids are kept out.
 */
export function readForm(draft: DraftProfile, values: Record<string, unknown>): void {
  if (typeof values.id === "string") draft.id = values.id;
  if (typeof values.name === "string") draft.name = values.name;
  if (typeof values.description === "string") draft.description = values.description;
  if (typeof values.options === "string") draft.options = values.options;
  draft.steps.forEach((s, i) => {
    const step = values[`steps.${i}.step`];
    if (typeof step === "string" && (STEP_IDS as readonly string[]).includes(step)) s.step = step as StepId;
    if (typeof values[`steps.${i}.enabled`] === "boolean") s.enabled = values[`steps.${i}.enabled`] as boolean;
    if (typeof values[`steps.${i}.options`] === "string") s.options = values[`steps.${i}.options`] as string;
  });
}
