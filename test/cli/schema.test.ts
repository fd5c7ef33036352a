/**
 * The published JSON Schema (`schema/scenario.schema.json`) is generated from
 * the zod scenario schema; it must be current, and every example must be valid
 * by both the JSON Schema (as an editor would check it) and the zod schema.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { parseScenario, scenarioJsonSchema } from "../../src/core/scenario.ts";
import { describeProblems } from "../../src/core/validate.ts";
import { ROOT } from "./run.ts";

const committedText = readFileSync(join(ROOT, "schema/scenario.schema.json"), "utf8");
const committed = JSON.parse(committedText) as Record<string, unknown>;
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(committed);

const examples = readdirSync(join(ROOT, "examples")).filter((f) => /\.(ya?ml|json)$/.test(f));
function read(name: string): unknown {
  const text = readFileSync(join(ROOT, "examples", name), "utf8");
  return name.endsWith(".json") ? JSON.parse(text) : parseYaml(text);
}

describe("schema/scenario.schema.json", () => {
  it("is what `npm run schema` generates now (run it after changing the model)", () => {
    expect(committedText).toBe(`${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
  });

  it("has an example for every built-in profile, default.yaml among them", () => {
    const profiles = new Set(examples.map((f) => (read(f) as { profile: string }).profile));
    expect([...profiles].sort()).toEqual(["armor-pools", "card-game", "dnd5e", "layered-armor", "pf2e", "revised-4e", "tags-and-guard"]);
    expect(examples).toContain("default.yaml");
  });

  for (const name of examples) {
    it(`examples/${name} is valid by the JSON Schema and by the zod schema`, () => {
      const data = read(name);
      expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
      const parsed = parseScenario(data);
      expect(parsed.ok, parsed.ok ? "" : describeProblems(parsed.problems)).toBe(true);
    });
  }

  it("rejects what the zod schema rejects: an unknown field, a fractional amount, a step of two kinds", () => {
    const base = read("revised-4e.yaml") as Record<string, unknown> & { events: unknown[] };
    const bad = [
      { ...base, defenderr: {} },
      { ...base, events: [{ hit: { parts: [{ amount: 2.5 }] } }] },
      { ...base, events: [{ newRound: true, advance: 6 }] },
    ];
    for (const data of bad) {
      expect(validate(data)).toBe(false);
      expect(parseScenario(data).ok).toBe(false);
    }
  });
});
