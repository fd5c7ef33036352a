/**
 * The scenario format (`docs/cli.md`) and terminal output, tried through the real
 * command: several named defenders, an area hit resolved per target (002
 * rule 16), the `--json` envelope with each defender's final state, JSON
 * errors, multi-document YAML, stdin, folders, and the output width
 * (terminal, else COLUMNS, else 80; stacked under the table's minimum).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { JsonEnvelope } from "../../src/cli/render-json.ts";
import { cli, resolveEnvelope, ROOT } from "./run.ts";

/** Run the command with extra environment and standard input. */
function run(args: string[], env: Record<string, string> = {}, input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = execFile(process.execPath, ["bin/damage-chain.js", ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: "1", ...env }, encoding: "utf8" }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
    child.stdin?.end(input ?? "");
  });
}

const dir = mkdtempSync(join(tmpdir(), "damage-chain-scenarios-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("several defenders and an area hit", () => {
  it("prints one event resolved per target, in the order named", async () => {
    const out = await run(["resolve", "examples/area-hit.yaml"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain("Target: Ogre (1 of 3, one event)");
    expect(out.stdout).toContain("Target: Knight (2 of 3, one event)");
    expect(out.stdout).toContain("Target: Imp (3 of 3, one event)");
    expect(out.stdout.match(/^Fireball/gm)).toHaveLength(3);
  });

  it("--json gives the envelope with each defender's final resources and state", async () => {
    const env = await resolveEnvelope("examples/area-hit.yaml");
    expect(Object.keys(env)).toEqual(["version", "profile", "seed", "defenders", "time", "hits"]);
    expect(env.profile).toBe("armor-pools");
    expect(env.seed).toBe(3);
    expect(env.hits.map((h) => [h.label, h.target, h.final])).toEqual([["Fireball", "Ogre", 4], ["Fireball", "Knight", 0], ["Fireball", "Imp", 0], ["Club", "Ogre", 3]]);
    expect(env.defenders.Ogre!.resources.body!.value).toBe(0);
    expect(env.defenders.Knight!.state.oneTimeUses).toEqual({ ward: 0 });
    expect(env.defenders.Knight!.state).toHaveProperty("wounds");
    expect(env.defenders.Imp!.resources.body!.value).toBe(3);
  });

  it("a card-game power change below 0 deals 0 and fires no on-damage effect; a dealt hit fires it (002 rules 5, 6, 9, 15)", async () => {
    const env = await resolveEnvelope("examples/card-game-power.yaml");
    const [reduced, raised] = env.hits;
    expect([reduced!.incoming, reduced!.final, reduced!.dealt, reduced!.conditionsGained]).toEqual([-2, 0, false, []]);
    expect(reduced!.trace.find((e) => e.step === "clamp")!.text).toBe("Negative damage raised to 0 (+2).");
    expect([raised!.final, raised!.dealt, raised!.conditionsGained]).toEqual([5, true, ["enraged"]]);
    expect(env.defenders.defender!.state.counters).toBe(5);
    const table = await run(["resolve", "examples/card-game-power.yaml"]);
    expect(table.stdout).toContain("Incoming: 3 untyped − 5; traits: combat");
  });

  it("an old one-defender file keeps working, its defender named `defender`", async () => {
    const env = await resolveEnvelope("examples/card-game.yaml");
    expect(Object.keys(env.defenders)).toEqual(["defender"]);
    expect(env.defenders.defender!.state).toHaveProperty("counters");
  });

  it("refuses a target that is not a defender, and both `defender` and `defenders`", async () => {
    const bad = file("bad-target.yaml", "profile: card-game\ndefenders:\n  A: {}\nevents:\n  - { targets: [B], hit: { parts: [{ amount: 1 }] } }\n");
    const out = await run(["resolve", bad]);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain("events[0].targets[0] (line 5, column 17): There is no defender “B” (defenders: A).");
    expect((await run(["resolve", bad, "--lang", "de"])).stderr).toContain("Es gibt keinen Verteidiger „B“ (Verteidiger: A).");
    const both = file("both.yaml", "profile: card-game\ndefender: {}\ndefenders:\n  A: {}\nevents:\n  - { hit: { parts: [{ amount: 1 }] } }\n");
    expect((await run(["resolve", both])).stderr).toContain("Give either “defender” (one) or “defenders” (several by name)");
    expect((await run(["resolve", both, "--lang", "de"])).stderr).toContain("Gib entweder „defender“ (einen) oder „defenders“");
    const none = file("none.yaml", "profile: card-game\ndefenders: {}\nevents:\n  - { hit: { parts: [{ amount: 1 }] } }\n");
    expect((await run(["resolve", none, "--lang", "de"])).stderr).toContain("Nenne mindestens einen Verteidiger.");
  });

  it("a target's share: saved for half, and only some parts, as the card shows them", async () => {
    const out = await run(["resolve", "examples/area-save.yaml"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain("Target: Goblin 2 (2 of 3, one event), saved: half");
    expect(out.stdout).toContain("Target: Goblin 2 (2 of 2, one event), only Cold");
    const env = await resolveEnvelope("examples/area-save.yaml");
    // 27 fire: all; half rounded down (13); half then revised 4E's resistance removes the rounded-down half (13 - 6 = 7). Ice Knife: 11; only the cold, 4.
    expect(env.hits.map((h) => [h.target, h.incoming, h.final])).toEqual([["Goblin 1", 27, 27], ["Goblin 2", 13, 13], ["Goblin 3", 13, 7], ["Goblin 1", 11, 11], ["Goblin 2", 4, 4]]);
    expect(env.hits.map((h) => (h as { share?: unknown }).share)).toEqual([undefined, { multiplier: 0.5 }, { multiplier: 0.5 }, undefined, { multiplier: 1, parts: [1] }]);
  });
});

describe("input", () => {
  const doc = (amount: number) => `profile: card-game\ndefender: { resources: { life: { value: 10 } } }\nevents:\n  - { label: "H${amount}", hit: { parts: [{ amount: ${amount} }] } }\n`;

  it("runs every document of a multi-document YAML file in order", async () => {
    const out = await run(["resolve", file("multi.yaml", `${doc(1)}---\n${doc(2)}`), "--json"]);
    expect(out.code).toBe(0);
    const envs = JSON.parse(out.stdout) as JsonEnvelope[];
    expect(envs.map((e) => e.hits[0]!.label)).toEqual(["H1", "H2"]);
  });

  it("`-` reads the scenario from standard input (YAML or JSON)", async () => {
    const yaml = await run(["resolve", "-", "--json"], {}, doc(3));
    expect((JSON.parse(yaml.stdout) as JsonEnvelope).hits[0]!.label).toBe("H3");
    const json = await run(["resolve", "-", "--json"], {}, JSON.stringify({ profile: "card-game", defender: {}, events: [{ hit: { parts: [{ amount: 4 }] } }] }));
    expect((JSON.parse(json.stdout) as JsonEnvelope).hits[0]!.final).toBe(4);
  });

  it("a folder gets a clear message", async () => {
    const out = await cli("resolve", "examples");
    expect(out.code).toBe(1);
    expect(out.stderr).toContain("examples: is a folder; name a scenario file (.json, .yaml or .yml) in it");
  });

  it("with --json, errors are JSON on stdout", async () => {
    const out = await run(["resolve", "examples", "--json"]);
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout)).toEqual({ error: "examples: is a folder; name a scenario file (.json, .yaml or .yml) in it" });
    const usage = await run(["resolve", "--json", "--bogus"]);
    expect(usage.code).toBe(2);
    expect((JSON.parse(usage.stdout) as { error: string }).error).toContain("--bogus");
  });
});

describe("width", () => {
  const widest = (text: string) => Math.max(...text.split("\n").map((l) => [...l].length));

  it("piped output follows COLUMNS: no line of default.yaml over 80 at COLUMNS=80", async () => {
    const out = await run(["resolve", "examples/default.yaml"], { COLUMNS: "80" });
    expect(out.code).toBe(0);
    expect(widest(out.stdout)).toBeLessThanOrEqual(80);
  });

  it("without a terminal or COLUMNS the width is 80", async () => {
    const env = { ...process.env };
    delete env.COLUMNS;
    const out = await run(["resolve", "examples/default.yaml"], { COLUMNS: "" });
    expect(widest(out.stdout)).toBeLessThanOrEqual(80);
  });

  it("below the table's minimum the steps are stacked, one block per step", async () => {
    const out = await run(["resolve", "examples/revised-4e.yaml"], { COLUMNS: "50" });
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/│ 1\. {2}Immunity {2}27 → 27 +│/);
    expect(out.stdout).not.toContain("│ #  │");
  });
});
