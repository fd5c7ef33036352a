/**
 * i18n: every language file has exactly the keys of lang/en.json, with the
 * same `{placeholders}`, and every key is used by the code or the templates.
 *
 * "Used" is decided by scanning `src/**`, `templates/**` and the compendium
 * sources `packs-src/**` (the macros localize their texts too). A key
 * expression is a run of key characters and `${…}` placeholders that starts
 * with `DAMAGECHAIN` or with `${NAME}`, where NAME is a constant of the same
 * file holding a `DAMAGECHAIN…` string (it is substituted). A key is used when:
 * 1. literal: an expression without placeholders is the key;
 * 2. pattern: an expression with fixed text after its last placeholder
 *    matches the key, each placeholder standing for key characters
 *    (`DAMAGECHAIN.Trace.${kind}.none`, `…life.${kind}NoLife`);
 * 3. helper argument: an expression ending in a placeholder
 *    (`DAMAGECHAIN.Settings.${k}`) matches the key's beginning and the rest
 *    of the key is a quoted string in the same file (`L("Profile.Name")`);
 * 4. id family: the key is `<family prefix><id>` for an id of a list the
 *    code defines (below), and an expression ending in a placeholder reaches
 *    it (`DAMAGECHAIN.Step.${e.step}`, the label helpers of
 *    `src/core/explain.ts`: `DAMAGECHAIN.Type.${id}`, `…Resource.${key}`,
 *    `…Condition.${id}`, `…Location.${id}`, `…Trait.${id}`, `…When.${condition}`,
 *    `…Profile.${profile.id}` for the built-in profiles' names). Families
 *    marked complete also need a key for every id. A family's ids are the
 *    ids the core can put in a trace: damage types are the profiles' default
 *    types plus `all` and `non-physical` (other types a GM invents show their
 *    id); resources are the known pools plus the keys only `taken` uses.
 */
import { KNOWN_TRAITS } from "../src/core/model/event.ts";
import { profileOptionsSchema, STEP_OPTION_SCHEMAS } from "../src/core/model/profile.ts";
import { optionFields } from "../src/foundry/apps/option-fields.ts";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { CONDITIONS } from "../src/core/model/common.ts";
import { HIT_LOCATIONS, RESOURCE_KEYS } from "../src/core/model/defender.ts";
import { DEFAULT_DAMAGE_TYPES, STEP_IDS } from "../src/core/model/profile.ts";
import { BUILT_IN_PROFILES } from "../src/core/profiles.ts";

/** Every built-in profile, those that come with a system's folder too. */
const ALL_PROFILES = BUILT_IN_PROFILES;
import { DND5E_DAMAGE_TYPES } from "../src/core/import/dnd5e.ts";
import { PF2E_DAMAGE_TYPES } from "../src/core/import/pf2e.ts";
import { PF2E_HIT_WORDS, PF2E_MAGICAL_ACTION } from "../src/core/import/pf2e-hit-words.ts";
import { DAGGERHEART_TYPES } from "../src/core/model/daggerheart.ts";
import { DRAW_STEEL_DAMAGE_TYPES } from "../src/core/import/draw-steel.ts";
import { PF1_BYPASS, PF1_DAMAGE_TYPES } from "../src/core/import/pf1.ts";
import { CHARACTER_CONDITIONS } from "../src/foundry/sheet/fields.ts";

const ROOT = join(import.meta.dirname, "..");
const LANGS = readdirSync(join(ROOT, "lang")).filter((f) => f.endsWith(".json"));

/** The profile editor's generated fields (`option-fields.ts`): their names and choice values. */
const OPTION_FIELDS = [profileOptionsSchema, ...Object.values(STEP_OPTION_SCHEMAS)].flatMap((schema) => optionFields(schema, {}, "x"));
const OPTION_KEYS = [...new Set(OPTION_FIELDS.map((f) => f.key))];
const OPTION_VALUES = [...new Set(OPTION_FIELDS.flatMap((f) => f.choices.map((c) => c.value)))];

/** Id families (rule 4): key prefix, the ids the code builds keys from, and whether every id needs a key. */
const FAMILIES: { prefix: string; ids: readonly string[]; complete: boolean }[] = [
  { prefix: "DAMAGECHAIN.Step.", ids: STEP_IDS, complete: true },
  // pf2e's holy, unholy and area damage name the weakness the pf2eWeaknessOnce step adds (`Type.<word>`).
  { prefix: "DAMAGECHAIN.Type.", ids: [...new Set([...DEFAULT_DAMAGE_TYPES, ...DND5E_DAMAGE_TYPES, ...PF2E_DAMAGE_TYPES, ...DRAW_STEEL_DAMAGE_TYPES, ...DAGGERHEART_TYPES, ...PF1_DAMAGE_TYPES, ...PF2E_HIT_WORDS, "all", "non-physical"])], complete: true },
  // `wound` (pools step), `counters` and `temporaryDamage` (life step, 002) are keys of `taken`, not resources;
  // `temp` (a resource's temporary points, shown apart on the card).
  { prefix: "DAMAGECHAIN.Resource.", ids: [...RESOURCE_KEYS, "wound", "counters", "temporaryDamage", "temp", "nonlethal"], complete: true },
  { prefix: "DAMAGECHAIN.Condition.", ids: CHARACTER_CONDITIONS.map((c) => c.value), complete: true },
  { prefix: "DAMAGECHAIN.Location.", ids: HIT_LOCATIONS, complete: true },
  { prefix: "DAMAGECHAIN.Trait.", ids: KNOWN_TRAITS, complete: true },
  // The PF1 adapter's event traits: what overcomes DR (materials, alignments, magic) and nonlethal damage.
  { prefix: "DAMAGECHAIN.Trait.", ids: [...PF1_BYPASS, "nonlethal"], complete: true },
  // The pf2e adapter's words of a hit for pf2e's IWR to words of the roll (holy, water, spells…) and its magical predicate.
  { prefix: "DAMAGECHAIN.Trait.", ids: [...PF2E_HIT_WORDS, PF2E_MAGICAL_ACTION], complete: true },
  { prefix: "DAMAGECHAIN.Settings.Editor.Field.", ids: OPTION_KEYS, complete: true },
  { prefix: "DAMAGECHAIN.ProfileDescription.", ids: ALL_PROFILES.map((p) => p.id), complete: true },
  { prefix: "DAMAGECHAIN.Settings.Editor.Value.", ids: OPTION_VALUES, complete: true },
  { prefix: "DAMAGECHAIN.When.", ids: CONDITIONS, complete: true },
  { prefix: "DAMAGECHAIN.Profile.", ids: ALL_PROFILES.map((p) => p.id), complete: true },
];

function flatten(obj: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    if (v !== null && typeof v === "object" && !Array.isArray(v)) for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
    else out.set(`${prefix}${k}`, v);
  }
  return out;
}

const lang = (file: string) => flatten(JSON.parse(readFileSync(join(ROOT, "lang", file), "utf8")));
const placeholders = (s: unknown) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

function files(dir: string, ext: RegExp): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p, ext));
    else if (ext.test(name)) out.push(p);
  }
  return out;
}

const KEY_CHAR = /[A-Za-z0-9_.-]/;
const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&");

/** Key expressions of one file, constants substituted; placeholders normalized to `${}`. */
function expressions(text: string): string[] {
  const consts = new Map<string, string>();
  for (const m of text.matchAll(/const\s+(\w+)\s*=\s*(["'`])(DAMAGECHAIN[^"'`]*)\2/g)) consts.set(m[1]!, m[3]!.replace(/\$\{[^}]*\}/g, "${}"));
  const starts = [...text.matchAll(/DAMAGECHAIN|\$\{(\w+)\}/g)].filter((m) => m[0] === "DAMAGECHAIN" || consts.has(m[1]!));
  const out: string[] = [];
  for (const m of starts) {
    let i = m.index;
    let expr = "";
    while (i < text.length) {
      if (text.startsWith("${", i)) {
        const end = text.indexOf("}", i);
        if (end < 0) break;
        const name = text.slice(i + 2, end);
        expr += consts.get(name) ?? "${}";
        i = end + 1;
      } else if (KEY_CHAR.test(text[i]!)) {
        expr += text[i];
        i += 1;
      } else break;
    }
    expr = expr.replace(/\.+$/, "");
    if (expr.startsWith("DAMAGECHAIN")) out.push(expr);
  }
  return out;
}

/** Regex of an expression: each placeholder stands for key characters. */
const toRegex = (expr: string) => expr.split("${}").map(escape).join("[A-Za-z0-9_-]+");

const scanned = [...files(join(ROOT, "src"), /\.ts$/), ...files(join(ROOT, "templates"), /\.hbs$/), ...files(join(ROOT, "packs-src"), /\.ya?ml$/)];
const sources = scanned.map((f) => ({ file: relative(ROOT, f), text: readFileSync(f, "utf8") }));
const parsed = sources.map((s) => ({ ...s, exprs: expressions(s.text), quoted: new Set([...s.text.matchAll(/["'`]([A-Za-z0-9_.-]+)["'`]/g)].map((m) => m[1]!)) }));

/** The rule that makes `key` used, or undefined. */
function usedBy(key: string): string | undefined {
  for (const s of parsed) {
    for (const e of s.exprs) {
      if (!e.includes("${}")) {
        if (e === key) return `literal in ${s.file}`;
        continue;
      }
      if (!e.endsWith("${}")) {
        if (new RegExp(`^${toRegex(e)}$`).test(key)) return `pattern ${e} in ${s.file}`;
        continue;
      }
      const head = new RegExp(`^${toRegex(e.slice(0, -3))}`).exec(key);
      if (head && s.quoted.has(key.slice(head[0].length))) return `argument of ${e} in ${s.file}`;
      const family = FAMILIES.find((f) => key.startsWith(f.prefix) && f.ids.includes(key.slice(f.prefix.length)));
      if (family && head) return `id family ${family.prefix}* built by ${e} in ${s.file}`;
    }
  }
  return undefined;
}

const en = lang("en.json");

describe("lang files", () => {
  it("English is there and there is at least one more language", () => {
    expect(LANGS).toContain("en.json");
    expect(LANGS.length).toBeGreaterThanOrEqual(2);
  });

  for (const file of LANGS.filter((f) => f !== "en.json")) {
    it(`${file} has every key of en.json and no other, each a non-empty text with the same placeholders`, () => {
      const other = lang(file);
      expect([...en.keys()].filter((k) => !other.has(k)), "missing").toEqual([]);
      expect([...other.keys()].filter((k) => !en.has(k)), "extra").toEqual([]);
      const bad = [...en].filter(([k, v]) => typeof other.get(k) !== "string" || other.get(k) === "" || placeholders(other.get(k)).join() !== placeholders(v).join());
      expect(bad.map(([k]) => k), "empty or placeholders differ").toEqual([]);
    });
  }

  it("every key of en.json is used by the code, the templates or the compendium sources", () => {
    expect([...en.keys()].filter((k) => usedBy(k) === undefined)).toEqual([]);
  });

  it("complete id families have a key for every id", () => {
    for (const f of FAMILIES.filter((x) => x.complete)) expect(f.ids.filter((id) => !en.has(`${f.prefix}${id}`)), f.prefix).toEqual([]);
  });

  it("every literal key the code uses exists", () => {
    const literal = parsed.flatMap((s) => s.exprs.filter((e) => !e.includes("${}") && !isPrefix(e)).map((e) => [s.file, e] as const));
    expect(literal.filter(([, k]) => !en.has(k))).toEqual([]);
  });

  it("the rules catch a key nobody uses", () => {
    expect(usedBy("DAMAGECHAIN.Sheet.NoSuchLabel")).toBeUndefined();
    expect(usedBy("DAMAGECHAIN.Step.noSuchStep")).toBeUndefined();
    expect(usedBy("DAMAGECHAIN.Sheet.Save")).toMatch(/^literal/);
    expect(usedBy("DAMAGECHAIN.Step.immunity")).toMatch(/^id family/);
  });
});

/** True when `e` names a namespace (a stem such as `DAMAGECHAIN.Trace.immunity`), not a key. */
function isPrefix(e: string): boolean {
  if (e === "DAMAGECHAIN") return true;
  for (const k of en.keys()) if (k.startsWith(`${e}.`)) return true;
  return false;
}
