/**
 * What the real CLI prints: the human table explains every step in the
 * words of `lang/en.json`; JSON and YAML scenario files load the same; the
 * `profiles` command lists the built-in chains.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { cli, resolveJson, ROOT } from "./run.ts";

const lang = JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")) as { DAMAGECHAIN: { Step: Record<string, string> } };
const dir = mkdtempSync(join(tmpdir(), "damage-chain-out-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("human output", () => {
  it("shows, per hit, the label, every step's explanation and in → out, and the summary (default.yaml)", async () => {
    const [human, hits] = await Promise.all([cli("resolve", "examples/default.yaml"), resolveJson("examples/default.yaml")]);
    expect(human.code).toBe(0);
    // Not a TTY: no colour codes at all.
    expect(human.stdout).not.toContain(String.fromCharCode(27));
    const blocks = human.stdout.split(/\n\n(?=\S)/);
    expect(blocks).toHaveLength(hits.length);
    hits.forEach((hit, i) => {
      const block = blocks[i]!;
      expect(block.startsWith(hit.label)).toBe(true);
      for (const entry of hit.trace) {
        expect(entry.text).not.toContain("DAMAGECHAIN."); // a lang key with no text would show as the key
        expect(block).toContain(entry.text);
        expect(block).toContain(`${entry.in} → ${entry.out}`);
        expect(block).toContain(lang.DAMAGECHAIN.Step[entry.step]);
      }
      expect(block).toContain(`Final damage: ${hit.final} (of ${hit.incoming})`);
      expect(block).toContain(`Resources after: HP ${hit.resources.hp!.value}/50`);
    });
  });

  it("states the 4E resistance arithmetic of worked example 1 and a prevented hit's No Effect", async () => {
    const fourE = await cli("resolve", "examples/revised-4e.yaml", "--no-color");
    expect(fourE.stdout).toContain("27 Fire: Resist 10 Fire −10 → 17");
    const pools = await cli("resolve", "examples/armor-pools.yaml");
    expect(pools.stdout).toContain("Immune to Poison: No Effect, the damage did not happen.");
    expect(pools.stdout).toContain("Prevented: the damage did not happen (No Effect).");
  });

  it("lists conditions gained and effects (tags-and-guard.yaml)", async () => {
    const run = await cli("resolve", "examples/tags-and-guard.yaml");
    expect(run.stdout).toContain("Conditions gained: Broken, Dying");
    expect(run.stdout).toContain("Ignore the non-damage effects of features tagged poison.");
  });
});

describe("--lang", () => {
  it("explains in German with --lang de, from lang/de.json, with the same numbers", async () => {
    const de = JSON.parse(readFileSync(join(ROOT, "lang/de.json"), "utf8")) as { DAMAGECHAIN: { Step: Record<string, string>; Condition: Record<string, string> } };
    const [german, hits] = await Promise.all([cli("resolve", "examples/tags-and-guard.yaml", "--lang", "de"), resolveJson("examples/tags-and-guard.yaml")]);
    expect(german.code).toBe(0);
    expect(german.stdout).toContain(de.DAMAGECHAIN.Step.guard);
    expect(german.stdout).toContain(`${de.DAMAGECHAIN.Condition.broken}, ${de.DAMAGECHAIN.Condition.dying}`);
    expect(german.stdout).not.toContain(lang.DAMAGECHAIN.Step.tagResistance);
    const json = (JSON.parse((await cli("resolve", "examples/tags-and-guard.yaml", "--json", "--lang", "de")).stdout) as { hits: typeof hits }).hits;
    expect(json.map((h) => h.final)).toEqual(hits.map((h) => h.final));
    expect(json[0]!.trace.map((e) => e.text)).not.toEqual(hits[0]!.trace.map((e) => e.text));
  });

  it("refuses a language the module does not ship (exit 2, naming the choices)", async () => {
    const run = await cli("resolve", "examples/revised-4e.yaml", "--lang", "xx");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Allowed choices are en, de");
  });
});

describe("--json", () => {
  it("gives one object per hit with the documented fields", async () => {
    const hits = await resolveJson("examples/tags-and-guard.yaml");
    expect(hits).toHaveLength(4);
    for (const h of hits) {
      expect(Object.keys(h)).toEqual(
        expect.arrayContaining(["label", "final", "taken", "resources", "conditions", "conditionsGained", "prevented", "negated", "dealt", "trace", "warnings", "effects"]),
      );
    }
    const last = hits[3]!;
    expect(last.conditionsGained).toEqual(["broken", "dying"]);
    expect(last.conditions).toEqual(["broken", "dying"]);
    expect(last.taken).toEqual({ guard: 2, hp: 9 });
    expect(hits[2]!.effects).toEqual([{ kind: "ignoreNonDamageEffects", tag: "poison" }]);
  });

  it("keeps the trace's machine data (defense references, details) and adds the English text of each entry and detail", async () => {
    const [example1] = await resolveJson("examples/revised-4e.yaml");
    const entry = example1!.trace.find((e) => e.step === "resistance")!;
    expect(entry).toMatchObject({
      in: 27,
      out: 17,
      key: "DAMAGECHAIN.Trace.resistance.applied",
      params: { mitigated: 10, added: 0 },
      defenses: [{ kind: "resistance", type: "fire", limit: 10 }],
      details: [{ key: "DAMAGECHAIN.Detail.resistance.single", params: { amount: 27, partTypes: ["fire"], final: 17 }, points: [10] }],
      text: "10 mitigated, 0 added.",
      detailTexts: ["27 Fire: Resist 10 Fire −10 → 17"],
    });
    expect(example1!.trace[0]).not.toHaveProperty("detailTexts");
  });
});

describe("file formats", () => {
  it("a YAML scenario and the same scenario as JSON give the same result", async () => {
    const data = parseYaml(readFileSync(join(ROOT, "examples/card-game.yaml"), "utf8")) as unknown;
    const asJson = join(dir, "card-game.json");
    writeFileSync(asJson, JSON.stringify(data));
    const asYml = join(dir, "card-game.yml");
    writeFileSync(asYml, readFileSync(join(ROOT, "examples/card-game.yaml")));
    const [fromYaml, fromJson, fromYml] = await Promise.all([resolveJson("examples/card-game.yaml"), resolveJson(asJson), resolveJson(asYml)]);
    expect(fromJson).toEqual(fromYaml);
    expect(fromYml).toEqual(fromYaml);
    // The champion's counters reach its life stat of 20 on the last hit.
    expect(fromYaml.map((h) => h.final)).toEqual([0, 6, 14]);
    expect(fromYaml[2]!.conditions).toEqual(["dead"]);
  });

  it("the JSON example (card-game-ally.json): temporary damage is cleared by endTurn", async () => {
    const hits = await resolveJson("examples/card-game-ally.json");
    expect(hits.map((h) => h.taken)).toEqual([{ temporaryDamage: 3 }, { temporaryDamage: 3 }, { temporaryDamage: 1 }]);
    expect(hits.map((h) => h.conditions)).toEqual([[], [], ["dead"]]);
  });
});

describe("profiles", () => {
  it("lists every built-in profile and its chain", async () => {
    const run = await cli("profiles");
    expect(run.code).toBe(0);
    for (const p of BUILT_IN_PROFILES) {
      expect(run.stdout).toContain(`${p.id}: ${p.name}`);
      // The pf2e profile names its flat steps in pf2e's words (core/words.ts).
      const words = p.id === "pf2e" ? { ...lang.DAMAGECHAIN.Step, fdr: "Resistance", dv: "Weakness" } : lang.DAMAGECHAIN.Step;
      expect(run.stdout).toContain(p.steps.map((s) => (s.whenUsed === true ? `[${words[s.step]}]` : words[s.step])).join(" → "));
    }
    const json = await cli("profiles", "--json");
    expect((JSON.parse(json.stdout) as { id: string; steps: string[] }[]).map((p) => [p.id, p.steps])).toEqual(BUILT_IN_PROFILES.map((p) => [p.id, p.steps.map((s) => s.step)]));
  });
});

describe("the dnd5e profile from the command line", () => {
  it("`damage-chain profiles` lists it with its chain", async () => {
    const run = await cli("profiles");
    expect(run.stdout).toContain("dnd5e: dnd5e 5.x");
    expect(run.stdout).toContain(
      "Immunity (dnd5e) → [Prevention] → [Base Damage Negate] → Damage modification (dnd5e) → Resistance, vulnerability, multiplier (dnd5e) → Damage threshold (dnd5e) → [Damage reduction (midi-qol)] → [Final Damage Negate] → [Damage pools] → [Guard] → [Damage Limit] → [Damage Shell] → [Endurance (1 HP instead of 0)] → Life → [Damage triggers]",
    );
    expect(run.stdout).toContain("[…]: runs only for actors that have such defenses");
    expect(run.stdout).toContain("pf2e: pf2e\n  chain: Immunity → [Prevention] → [Base Damage Negate] → Weakness → Resistance →");
  });
  it("a scenario uses it: examples/dnd5e.yaml gives dnd5e's figures (actor.mjs lines 827-891)", async () => {
    const hits = await resolveJson("examples/dnd5e.yaml");
    expect(hits.map((h) => [h.label, h.final])).toEqual([
      ["7 slashing (resisted)", 0],
      ["12 slashing, adamantine", 11],
      ["Ice Storm, saved (x1/2)", 8],
      ["10 poison + 4 thunder", 6],
      ["4 fire", 0],
    ]);
    expect(hits.at(-1)!.negated).toBe(true);
    expect(hits.at(-2)!.resources.hp!.value).toBe(178 - 11 - 8 - 6);
  });
});
