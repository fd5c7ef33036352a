/**
 * Inline validation of a Defenses-tab draft. Each list is checked through
 * the core schemas (`src/core/model/defenses.ts`) on its own, so one broken
 * list does not hide the rules of another; the schema's cross-row rules come
 * with it (000: at most one Hard armor piece, one layer kind per piece;
 * 000: shells at different values). Once every list is valid, the defenses in force are computed with
 * `effectiveDefenses` (`src/core/normalize.ts`) and its refusals become row
 * warnings: the newest effect that would make the creature immune to all
 * damage (004) and entries of a non-stacking group after the first (004).
 * Messages are localized; paths are `defenses.<list>[i].<field>` and
 * `resources[i].<field>`, which the tab's elements carry as `data-path`.
 */
import type { z } from "../../core/zod.ts";
import { explainWarning } from "../../core/explain.ts";
import { unsafeKeyReason } from "../../core/model/common.ts";
import { resourceSchema } from "../../core/model/defender.ts";
import { defensesSchema, type Defenses } from "../../core/model/defenses.ts";
import type { ProfileOptions } from "../../core/model/profile.ts";
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

type Issue = z.core.$ZodIssue;

/** The value at a zod path inside `root` (to tell "missing" from "not a number"). */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const seg of path) v = v !== null && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[seg] : undefined;
  return v;
}

/** The armor layer refusals of `defensesSchema` (000 Layer Armor), told apart by `params.rule`: a piece of mixed layer kinds, or a second Hard piece. */
function armorLayerMessage(params: Record<string, unknown> | undefined, t: Localizer): string {
  if (params?.rule !== "pieceLayer") return t.localize("DAMAGECHAIN.Sheet.Error.HardLayer");
  return t.format("DAMAGECHAIN.Sheet.Error.PieceLayer", { piece: String(params.piece), layer: t.localize(`DAMAGECHAIN.Sheet.Kind.${String(params.layer)}`) });
}

/** A localized message for one schema issue; unknown issues keep the schema's own (English) message. */
function issueMessage(issue: Issue, value: unknown, t: Localizer): string {
  const last = issue.path[issue.path.length - 1];
  const list = issue.path[0];
  switch (issue.code) {
    case "custom":
      if (issue.params?.rule === "unsafeKey") return t.localize("DAMAGECHAIN.Sheet.Error.UnsafeKey");
      if (list === "immunities" && last === "type") return t.localize("DAMAGECHAIN.Sheet.Error.ImmuneAll");
      if (list === "immunities") return t.localize("DAMAGECHAIN.Sheet.Error.TypeOrTag");
      if (list === "armor" && last === "layer") return armorLayerMessage(issue.params, t);
      if (list === "shells" && last === "value") return t.format("DAMAGECHAIN.Sheet.Error.ShellValue", { value: String(value) });
      return issue.message;
    case "invalid_type":
      if (value === undefined || value === "") return t.localize("DAMAGECHAIN.Sheet.Error.Required");
      if (issue.expected === "number" || issue.expected === "int") return t.localize("DAMAGECHAIN.Sheet.Error.WholeNumber");
      return issue.message;
    case "too_small":
      if (issue.origin === "number") return t.format("DAMAGECHAIN.Sheet.Error.Min", { min: Number(issue.minimum) });
      if (issue.origin === "string") return t.localize("DAMAGECHAIN.Sheet.Error.Required");
      return issue.message;
    case "too_big":
      if (issue.origin === "number") return t.format("DAMAGECHAIN.Sheet.Error.Max", { max: Number(issue.maximum) });
      return issue.message;
    case "invalid_value":
      return t.localize("DAMAGECHAIN.Sheet.Error.Choice");
    default:
      return issue.message;
  }
}

/** Problems of the resource rows: key given and unique, value and max whole numbers >= 0, value <= max. */
function resourceProblems(draft: DefenderDraft, t: Localizer): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  draft.resources.forEach((row, i) => {
    const at = `resources[${i}]`;
    if (row.key.trim() === "") problems.push({ path: `${at}.key`, message: t.localize("DAMAGECHAIN.Sheet.Error.Required"), level: "error" });
    else if (unsafeKeyReason(row.key) !== undefined) problems.push({ path: `${at}.key`, message: t.localize("DAMAGECHAIN.Sheet.Error.UnsafeKey"), level: "error" });
    else if (seen.has(row.key)) problems.push({ path: `${at}.key`, message: t.format("DAMAGECHAIN.Sheet.Error.DuplicateResource", { key: row.key }), level: "error" });
    seen.add(row.key);
    const input = row.max === undefined ? { value: row.value } : { value: row.value, max: row.max };
    const r = resourceSchema.safeParse(input);
    if (!r.success) {
      for (const issue of r.error.issues) {
        const message = issue.code === "custom" ? t.localize("DAMAGECHAIN.Sheet.Error.ValueOverMax") : issueMessage(issue, valueAt(input, issue.path), t);
        problems.push({ path: formatPath(at, issue.path), message, level: "error" });
      }
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
      problems.push({ path: formatPath("defenses", issue.path), message: issueMessage(issue, valueAt(one, issue.path), t), level: "error" });
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
