/**
 * Inline validation of a Defenses-tab draft. Each list is checked through
 * the core schemas (`src/core/model/defenses.ts`) on its own, so one broken
 * list does not hide the rules of another; the schema's cross-row rules come
 * with it (000: at most one Hard armor piece, one layer kind per piece;
 * 000: shells at different values). Once every list is valid, the defenses in force are computed with
 * `effectiveDefenses` (`src/core/normalize.ts`) and its refusals become row
 * warnings: the newest effect that would make the creature immune to all
 * damage (004) and entries of a non-stacking group after the first (004).
 * Messages are the schema's own, worded in the user's language by zod's
 * error map (`src/core/messages.ts`); paths are `defenses.<list>[i].<field>` and
 * `resources[i].<field>`, which the tab's elements carry as `data-path`.
 */
import { explainWarning } from "../../core/explain.ts";
import { unsafeKeyReason } from "../../core/model/common.ts";
import { resourceSchema } from "../../core/model/defender.ts";
import { defensesSchema, type Defenses } from "../../core/model/defenses.ts";
import type { ProfileOptions } from "../../core/model/profile.ts";
import { say, VALIDATION_KEYS } from "../../core/messages.ts";
import { effectiveDefenses } from "../../core/normalize.ts";
import { formatPath } from "../../core/validate.ts";
import { draftInput, type DefenderDraft } from "./draft.ts";
import { SECTIONS } from "./fields.ts";
import { traceLocalizer, type Localizer } from "./localizer.ts";

/** One inline message. `error` blocks saving; `warning` marks an entry the chain will not use. */
export interface Problem {
  path: string;
  message: string;
  level: "error" | "warning";
}

/** The draft's problems and, when it has no errors, the parsed defenses. */
export interface Validation {
  problems: Problem[];
  defenses?: Defenses;
}

/** Problems of the resource rows: key given and unique, value and max whole numbers >= 0, value <= max. */
function resourceProblems(draft: DefenderDraft, t: Localizer): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  draft.resources.forEach((row, i) => {
    const at = `resources[${i}]`;
    const unsafe = row.key.trim() === "" ? undefined : unsafeKeyReason(row.key);
    if (row.key.trim() === "") problems.push({ path: `${at}.key`, message: t.localize(VALIDATION_KEYS.required), level: "error" });
    else if (unsafe !== undefined) problems.push({ path: `${at}.key`, message: say(unsafe.key, unsafe), level: "error" });
    else if (seen.has(row.key)) problems.push({ path: `${at}.key`, message: t.format("DAMAGECHAIN.Sheet.Error.DuplicateResource", { key: row.key }), level: "error" });
    seen.add(row.key);
    const input = row.max === undefined ? { value: row.value } : { value: row.value, max: row.max };
    const r = resourceSchema.safeParse(input);
    if (!r.success) {
      for (const issue of r.error.issues) problems.push({ path: formatPath(at, issue.path), message: issue.message, level: "error" });
    }
  });
  return problems;
}

/** Validate a draft against the core schemas and the profile's options (damage types for the 004 invulnerability rule). */
export function validateDraft(draft: DefenderDraft, options: ProfileOptions, t: Localizer): Validation {
  const input = draftInput(draft);
  const problems: Problem[] = [];
  for (const s of SECTIONS) {
    const one = { [s.list]: input.defenses[s.list] };
    const r = defensesSchema.safeParse(one);
    if (r.success) continue;
    for (const issue of r.error.issues) {
      problems.push({ path: formatPath("defenses", issue.path), message: issue.message, level: "error" });
    }
  }
  problems.push(...resourceProblems(draft, t));
  if (problems.length > 0) return { problems };
  const parsed = defensesSchema.safeParse(input.defenses);
  if (!parsed.success) {
    return { problems: parsed.error.issues.map((i) => ({ path: formatPath("defenses", i.path), message: i.message, level: "error" as const })) };
  }
  for (const w of effectiveDefenses(parsed.data, options).warnings) {
    problems.push({ path: w.path, message: explainWarning(w, traceLocalizer(t)), level: "warning" });
  }
  return { problems, defenses: parsed.data };
}
