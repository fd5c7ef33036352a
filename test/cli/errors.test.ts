/**
 * Exit codes and messages of the real CLI: 1 for an invalid or unreadable
 * scenario (stderr names the file, the field path and the reason, or the
 * syntax error's line), 2 for usage errors.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "./run.ts";

const dir = mkdtempSync(join(tmpdir(), "damage-chain-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Write `text` to a temp file and return its path. */
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const VALID = {
  profile: "revised-4e",
  defender: { resources: { hp: { value: 30 } }, defenses: { resistances: [{ type: "fire", limit: 5 }] } },
  events: [{ hit: { parts: [{ amount: 10, types: ["fire"] }] } }],
};

/** VALID with one change, as JSON. */
function variant(change: (s: typeof VALID & Record<string, unknown>) => void): string {
  const s = structuredClone(VALID) as typeof VALID & Record<string, unknown>;
  change(s);
  return JSON.stringify(s);
}

/** `path: message` as the CLI prints it, with the field's place in the file between: `path (line L, column C): message`. */
function located(expected: string): RegExp {
  const cut = expected.endsWith(":") ? expected.length - 1 : expected.indexOf(": ");
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return cut < 0 ? new RegExp(`${escape(expected)} \\(line \\d+, column \\d+\\)`) : new RegExp(`${escape(expected.slice(0, cut))} \\(line \\d+, column \\d+\\): ${escape(expected.slice(cut + 2))}`);
}

describe("invalid scenarios exit 1 and name the field", () => {
  const cases: [string, string, string][] = [
    ["a fractional limit", variant((s) => ((s.defender.defenses.resistances[0] as Record<string, unknown>).limit = 2.5)), "defender.defenses.resistances[0].limit: Must be a whole number."],
    ["a negative amount in a hit", variant((s) => ((s.events[0]!.hit.parts[0] as Record<string, unknown>).amount = -3)), "events[0].hit.parts[0].amount: Must be at least 0."],
    ["an unknown profile id", variant((s) => (s.profile = "gurps")), "profile: Must be a built-in profile id (layered-armor"],
    ["a step with two kinds", variant((s) => (s.events[0] = { ...s.events[0]!, newRound: true } as never)), "events[0]: A step needs exactly one of"],
    ["an unknown field", variant((s) => (s.defender = { ...s.defender, armour: 3 } as never)), "defender.armour: Unknown field."],
    ["a negative time advance", variant((s) => (s.events = [...s.events, { advance: -6 } as never])), "events[1].advance: Must be at least 0."],
    ["an immunity to all", variant((s) => ((s.defender.defenses as Record<string, unknown>).immunities = [{ type: "all" }])), "defender.defenses.immunities[0].type: Immunity to all damage is not allowed."],
    ["a bad inline profile", variant((s) => (s.profile = { id: "mine", name: "Mine", steps: [{ step: "teleport" }] } as never)), "profile.steps[0].step:"],
    ["no events", variant((s) => (s.events = [])), "events: Needs at least one entry."],
  ];
  it("--lang de words the problem in German, at the same path", async () => {
    const path = file("bad-de.json", variant((s) => ((s.defender.defenses.resistances[0] as Record<string, unknown>).limit = 2.5)));
    const run = await cli("resolve", path, "--lang", "de");
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/defender\.defenses\.resistances\[0\]\.limit \(Zeile 1, Spalte \d+\): Muss eine ganze Zahl sein\./);
  });
  for (const [what, text, message] of cases) {
    it(`${what}: "${message}"`, async () => {
      const path = file(`bad-${what.replace(/\W+/g, "-")}.json`, text);
      const run = await cli("resolve", path);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain(path);
      expect(run.stderr).toMatch(located(message));
    });
  }

  it("a misspelt field gets its line and column and the closest field of the format (YAML)", async () => {
    const yaml = "profile: revised-4e\ndefender:\n  resources: { hp: { value: 10 } }\n  defenses:\n    resistence:\n      - { type: fire }\nevents:\n  - hit: { parts: [{ amount: 5, types: [fire] }] }\n";
    const run = await cli("resolve", file("typo.yaml", yaml));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("defender.defenses.resistence (line 5, column 5): Unknown field. Did you mean “resistances”?");
  });

  it("a misspelt profile id gets the closest built-in id, in the reader's language", async () => {
    const run = await cli("resolve", file("typo-profile.yaml", "profile: layerd-armor\ndefender: { resources: { hp: { value: 10 } } }\nevents:\n  - newRound: true\n"), "--lang", "de");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("profile (Zeile 1, Spalte 1):");
    expect(run.stderr).toContain("Meinten Sie „layered-armor“?");
  });

  it("a field in pretty-printed JSON is found on its own line; a field far from every known one gets no guess", async () => {
    const json = JSON.stringify({ ...VALID, defender: { ...VALID.defender, zzzzzzzz: 1 }, events: [{ hit: { parts: [{ amount: -1, types: ["fire"] }] } }] }, null, 2);
    const run = await cli("resolve", file("pretty.json", json));
    expect(run.code).toBe(1);
    const lineOf = (needle: string) => json.split("\n").findIndex((l) => l.includes(needle)) + 1;
    expect(run.stderr).toContain(`defender.zzzzzzzz (line ${lineOf('"zzzzzzzz"')}, column 5): Unknown field.\n`);
    expect(run.stderr).toContain(`events[0].hit.parts[0].amount (line ${lineOf('"amount"')}, column 13): Must be at least 0.`);
  });

  it("the valid base scenario itself resolves (so each case above fails for its own change)", async () => {
    const run = await cli("resolve", file("good.json", JSON.stringify(VALID)), "--json");
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { hits: { final: number }[] }).hits[0]!.final).toBe(5);
  });
});

describe("unreadable or unparseable files exit 1 with the file and the reason", () => {
  it("a YAML syntax error names the line", async () => {
    const path = file("broken.yaml", "profile: revised-4e\ndefender:\n  resources: { hp: { value: 3 }\nevents: []\n");
    const run = await cli("resolve", path);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${path}: invalid YAML`);
    expect(run.stderr).toMatch(/line \d+/);
  });

  it("a JSON syntax error names the line and column", async () => {
    const path = file("broken.json", '{\n  "profile": "revised-4e",\n  "defender": {},\n  "events": [,]\n}\n');
    const run = await cli("resolve", path);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${path}: invalid JSON`);
    expect(run.stderr).toContain(`${path}: invalid JSON: line 4, column 14: value expected`);
  });

  it("a missing file", async () => {
    const run = await cli("resolve", join(dir, "nope.yaml"));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${join(dir, "nope.yaml")}: cannot read: no such file`);
  });

  it("an unknown extension", async () => {
    const run = await cli("resolve", file("scenario.txt", "{}"));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('unknown file type ".txt"');
  });

  it("a file that is not a scenario at all (a YAML list)", async () => {
    const run = await cli("resolve", file("list.yaml", "- 1\n- 2\n"));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("(root): Must be a group of fields.");
  });
});

describe("usage errors exit 2", () => {
  const cases: [string, string[], RegExp][] = [
    ["no command", [], /Usage: damage-chain/],
    ["an unknown command", ["frobnicate"], /unknown command 'frobnicate'/],
    ["an unknown option", ["resolve", "examples/default.yaml", "--frob"], /unknown option '--frob'/],
    ["a missing FILE", ["resolve"], /missing required argument 'file'/],
    ["too many arguments", ["resolve", "examples/default.yaml", "examples/card-game.yaml"], /too many arguments/],
  ];
  for (const [what, args, message] of cases) {
    it(what, async () => {
      const run = await cli(...args);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
    });
  }

  it("--help and --version exit 0", async () => {
    expect((await cli("--help")).code).toBe(0);
    const version = await cli("--version");
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
