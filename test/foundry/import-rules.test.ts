/**
 * The import button says which rules imported traits now follow, in the
 * GM's language (issue 21 §3): under revised 4E a resistance removes the
 * rounded-down half where dnd5e truncates the half it keeps.
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { importRules } from "../../src/foundry/sheet/mount.ts";

const lang = (file: string) => JSON.parse(readFileSync(`lang/${file}`, "utf8")) as Record<string, unknown>;
const localizer = (data: Record<string, unknown>) => {
  const get = (key: string): string => {
    const v = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], data);
    return typeof v === "string" ? v : key;
  };
  return { localize: get, format: (key: string, params: Record<string, string>) => get(key).replace(/\{(\w+)\}/g, (_m, k: string) => params[k] ?? "") };
};

it("names the built-in profile's arithmetic, or the custom profile, in English and German", () => {
  const en = localizer(lang("en.json"));
  const de = localizer(lang("de.json"));
  expect(importRules({ id: "revised-4e", name: "Revised 4E" }, en)).toContain("7 → 4; dnd5e deals 3");
  expect(importRules({ id: "revised-4e", name: "Revised 4E" }, de)).toContain("7 → 4; dnd5e macht 3");
  expect(importRules({ id: "my-table", name: "My table" }, en)).toBe("Imported under My table: the profile's own steps decide what each imported entry does.");
});
