/**
 * The one place validation messages are worded: zod's error map over the
 * module's lang files. Every schema of the core states no English of its
 * own; a failed check becomes a lang key under `DAMAGECHAIN.Validation`
 * chosen from the zod issue (its code, the expected type, the bound), and the
 * rules of our own refinements (`.refine`, `ctx.addIssue`) carry their key in
 * `params.key` with their values beside it. {@link useValidationLanguage}
 * installs the map as zod's global `customError` (`z.config`, zod v4
 * "Customizing errors": schema error > per-parse error > global customError >
 * locale), so the Defenses tab, the editors, the card, the API's errors and
 * the CLI all read `issue.message` in the reader's language. The entry points
 * call it: Foundry's `i18nInit` hook with `game.i18n`, the CLI with its
 * `--lang`, the tests with `lang/en.json`.
 *
 * Pure apart from that one call to `z.config`; no Foundry.
 */
import { config, type $ZodRawIssue } from "zod/v4/core";
import type { Localizer } from "./localizer.ts";

/** The lang keys the generic zod checks map to (`DAMAGECHAIN.Validation.*`). */
export const VALIDATION_KEYS = {
  required: "DAMAGECHAIN.Validation.Required",
  wholeNumber: "DAMAGECHAIN.Validation.WholeNumber",
  number: "DAMAGECHAIN.Validation.Number",
  text: "DAMAGECHAIN.Validation.Text",
  list: "DAMAGECHAIN.Validation.List",
  yesNo: "DAMAGECHAIN.Validation.YesNo",
  group: "DAMAGECHAIN.Validation.Group",
  min: "DAMAGECHAIN.Validation.Min",
  max: "DAMAGECHAIN.Validation.Max",
  minItems: "DAMAGECHAIN.Validation.MinItems",
  notEmpty: "DAMAGECHAIN.Validation.NotEmpty",
  maxLength: "DAMAGECHAIN.Validation.MaxLength",
  choice: "DAMAGECHAIN.Validation.Choice",
  exactly: "DAMAGECHAIN.Validation.Exactly",
  unknownFields: "DAMAGECHAIN.Validation.UnknownFields",
  unknownField: "DAMAGECHAIN.Validation.UnknownField",
  didYouMean: "DAMAGECHAIN.Validation.DidYouMean",
  at: "DAMAGECHAIN.Validation.At",
  invalid: "DAMAGECHAIN.Validation.Invalid",
} as const;

/** The params of a refinement's issue: `key` (a lang key) and the values it shows; `…Key` values are lang keys shown localized under the name without `Key`. */
export type RuleParams = { key: string } & Record<string, string | number>;

/** zod's `params` for a refinement worded by `key` with `values` (see {@link RuleParams}). */
export function rule(key: string, values: Record<string, string | number> = {}): { params: RuleParams } {
  return { params: { key, ...values } };
}

/** The texts of a rule's params: numbers as digits, `nameKey` lang keys localized as `name`. */
function ruleTexts(params: Record<string, unknown>, l: Localizer): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === "key") continue;
    if (name.endsWith("Key") && typeof value === "string") out[name.slice(0, -3)] = l.format(value);
    else out[name] = String(value);
  }
  return out;
}

/** The key for a value of the wrong type, by the type zod expected. */
function typeKey(expected: string): string {
  if (expected === "int") return VALIDATION_KEYS.wholeNumber;
  if (expected === "number" || expected === "nan") return VALIDATION_KEYS.number;
  if (expected === "string") return VALIDATION_KEYS.text;
  if (expected === "array") return VALIDATION_KEYS.list;
  if (expected === "boolean") return VALIDATION_KEYS.yesNo;
  if (expected === "object" || expected === "record") return VALIDATION_KEYS.group;
  return VALIDATION_KEYS.invalid;
}

/** A shown value list: strings quoted, joined by ", ". */
const valueList = (values: readonly unknown[]) => values.map((v) => (typeof v === "string" ? `"${v}"` : String(v))).join(", ");

/**
 * The message of one zod issue in `l`'s language. Never throws; an issue it
 * has no words for gets `DAMAGECHAIN.Validation.Invalid`.
 * - missing or empty input → Required;
 * - a wrong type → what was expected (a whole number, a number, text…);
 * - `too_small` / `too_big` → the bound ("Must be at least 0"), or for lists
 *   the number of entries, for text "Required" (a minimum length of 1);
 * - `invalid_value` → pick a listed value (the lists a GM picks from show
 *   labels, so ids are not repeated here); `unrecognized_keys` → the fields;
 * - `custom` with `params.key` → that key, filled from the params.
 */
export function validationMessage(issue: $ZodRawIssue, l: Localizer): string {
  const f = (key: string, params?: Record<string, string>) => l.format(key, params);
  switch (issue.code) {
    case "custom": {
      const params = (issue.params ?? {}) as Record<string, unknown>;
      return typeof params.key === "string" ? f(params.key, ruleTexts(params, l)) : f(VALIDATION_KEYS.invalid);
    }
    case "invalid_type":
      if (issue.input === undefined || issue.input === "") return f(VALIDATION_KEYS.required);
      return f(typeKey(issue.expected));
    case "too_small": {
      const min = String(issue.minimum);
      if (issue.origin === "string") return f(VALIDATION_KEYS.required);
      if (issue.origin === "array" || issue.origin === "set") return min === "1" ? f(VALIDATION_KEYS.notEmpty) : f(VALIDATION_KEYS.minItems, { min });
      return f(VALIDATION_KEYS.min, { min: issue.inclusive === false ? String(Number(issue.minimum) + 1) : min });
    }
    case "too_big": {
      const max = String(issue.maximum);
      if (issue.origin === "string") return f(VALIDATION_KEYS.maxLength, { max });
      // An exclusive bound (`z.lt`) on whole numbers: the most allowed is one less.
      return f(VALIDATION_KEYS.max, { max: issue.inclusive === false ? String(Number(issue.maximum) - 1) : max });
    }
    case "invalid_value":
      if (issue.values.length === 1) return f(VALIDATION_KEYS.exactly, { value: valueList(issue.values) });
      return f(VALIDATION_KEYS.choice);
    case "unrecognized_keys":
      return f(VALIDATION_KEYS.unknownFields, { fields: valueList(issue.keys) });
    default:
      return f(VALIDATION_KEYS.invalid);
  }
}

/**
 * Word every validation message from now on in `l`'s language: installs
 * {@link validationMessage} as zod's global `customError` (one language per
 * process or Foundry client; zod keeps its config on `globalThis`). Call
 * again to switch language.
 */
export function useValidationLanguage(l: Localizer): void {
  config({ customError: (issue) => validationMessage(issue, l) });
}

/**
 * The text of a message that no zod issue carries (a check made by hand,
 * such as a stored version too new): `key` filled from `values` as
 * {@link rule} params are, through the installed error map; the key itself
 * before any language was installed.
 */
export function say(key: string, values: Record<string, string | number> = {}): string {
  const issue = { code: "custom", params: { ...values, key }, input: undefined, path: [] } as unknown as $ZodRawIssue;
  const text = config().customError?.(issue);
  return typeof text === "string" ? text : (text?.message ?? key);
}

/**
 * A schema-level `error` for a message that is not one issue's (a union none
 * of whose shapes fit): the text of `key` through the installed error map, or
 * zod's own message before a language was installed.
 */
export function keyed(key: string, values: Record<string, string> = {}): () => string | undefined {
  return () => (config().customError === undefined ? undefined : say(key, values));
}
