/**
 * Form fields generated from an options schema: the profile
 * editor shows every step option and profile option as a proper field — a
 * select for a choice, a checkbox for yes/no, a set of checkboxes for a list
 * of choices, a text list for a list of ids — instead of JSON. The schema is
 * read once per field (zod's own definition: `_zod.def`), so a new option in
 * `core/model/profile.ts` gets its field without code here. Labels come from
 * `DAMAGECHAIN.Settings.Editor.Field.<name>` and choice labels from
 * `DAMAGECHAIN.Settings.Editor.Value.<value>`.
 */
import type { z } from "../../core/zod.ts";

/** How an option is edited. */
export type OptionKind = "select" | "bool" | "choices" | "list" | "text";

/** One option's field, with its current value from `values`. */
export interface OptionField {
  key: string;
  kind: OptionKind;
  /** Form name: `<prefix>.<key>` (a `choices` field: `<prefix>.<key>.<choice>` per checkbox). */
  name: string;
  labelKey: string;
  /** `select` and `choices`: the allowed values, with lang keys and whether each is chosen. */
  choices: { value: string; labelKey: string; chosen: boolean }[];
  /** `bool`: checked; `text` and `list`: the text shown (a list joined with ", "). */
  checked: boolean;
  text: string;
}

interface Def {
  type: string;
  innerType?: { _zod: { def: Def } };
  element?: { _zod: { def: Def } };
  entries?: Record<string, string>;
  shape?: Record<string, { _zod: { def: Def } }>;
  defaultValue?: unknown;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
/** The schema inside a `default` wrapper, and the default. */
function unwrap(def: Def): { inner: Def; fallback: unknown } {
  if (def.type === "default" && def.innerType !== undefined) {
    const raw = def.defaultValue;
    return { inner: defOf(def.innerType), fallback: typeof raw === "function" ? (raw as () => unknown)() : raw };
  }
  return { inner: def, fallback: undefined };
}

const choiceList = (def: Def): string[] => Object.values(def.entries ?? {});

/** The fields of an object `schema`'s options, filled from `values` (absent ones from the schema's defaults). */
export function optionFields(schema: z.ZodMiniType, values: Readonly<Record<string, unknown>>, prefix: string): OptionField[] {
  const shape = defOf(schema).shape ?? {};
  return Object.entries(shape).map(([key, field]) => {
    const { inner, fallback } = unwrap(defOf(field));
    const value = key in values ? values[key] : fallback;
    const base = { key, name: `${prefix}.${key}`, labelKey: `DAMAGECHAIN.Settings.Editor.Field.${key}`, choices: [], checked: false, text: "" };
    const element = inner.type === "array" && inner.element !== undefined ? defOf(inner.element) : undefined;
    if (inner.type === "enum") return { ...base, kind: "select", choices: choiceList(inner).map((v) => ({ value: v, labelKey: `DAMAGECHAIN.Settings.Editor.Value.${v}`, chosen: v === value })) };
    if (inner.type === "boolean") return { ...base, kind: "bool", checked: value === true };
    if (element?.type === "enum") {
      const chosen = Array.isArray(value) ? value : [];
      return { ...base, kind: "choices", choices: choiceList(element).map((v) => ({ value: v, labelKey: `DAMAGECHAIN.Settings.Editor.Value.${v}`, chosen: chosen.includes(v) })) };
    }
    if (element !== undefined) return { ...base, kind: "list", text: Array.isArray(value) ? value.join(", ") : "" };
    return { ...base, kind: "text", text: value === undefined || value === null ? "" : String(value) };
  });
}

/**
 * The options `fields` describe, read back from flat form values (`name` →
 * value, as Foundry's form data gives them): a choice as its value, a
 * checkbox as true/false, checked choices as a list in the schema's order, a
 * text list split at commas. An empty text leaves the option out (its
 * default applies).
 */
export function readOptionFields(fields: readonly OptionField[], form: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.kind === "bool") {
      out[f.key] = typeof form[f.name] === "boolean" ? form[f.name] : f.checked;
    } else if (f.kind === "choices") {
      out[f.key] = f.choices.filter((c) => form[`${f.name}.${c.value}`] === true || (form[`${f.name}.${c.value}`] === undefined && c.chosen)).map((c) => c.value);
    } else {
      const raw = form[f.name];
      const text = typeof raw === "string" ? raw.trim() : f.kind === "select" ? (f.choices.find((c) => c.chosen)?.value ?? "") : f.text;
      if (text === "") continue;
      out[f.key] = f.kind === "list" ? text.split(",").map((w) => w.trim()).filter((w) => w !== "") : text;
    }
  }
  return out;
}
