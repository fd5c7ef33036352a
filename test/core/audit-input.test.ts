/**
 * Audit of the rules core's input door (validate.ts, scenario.ts, stored.ts)
 * with adversarial data: huge numbers, empty lists, duplicate ids, unknown
 * keys. Every bad input must give a problem naming its path, never a throw,
 * NaN or an inexact number; every accepted input must run to whole numbers
 * and leave a defender that validates again (so actor flags are never lost).
 */
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario, type ScenarioResult } from "../../src/core/scenario.ts";
import { readStored } from "../../src/core/stored.ts";
import { describeProblems, parseDefender, parseEvent, parseProfile } from "../../src/core/validate.ts";

describe("adversarial input through the public validation", () => {
  const MAX = Number.MAX_SAFE_INTEGER;
  /** Every number anywhere in `value`, with its path. */
  function numbers(value: unknown, path = "", out: [string, number][] = []): [string, number][] {
    if (typeof value === "number") out.push([path, value]);
    else if (Array.isArray(value)) value.forEach((v, i) => numbers(v, `${path}[${i}]`, out));
    else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) numbers(v, `${path}.${k}`, out);
    return out;
  }
  /** Parse and run a scenario: either problems naming a path, or a run whose numbers are all exact and whose defender re-validates. */
  function attempt(input: unknown): { problems: string[]; result?: ScenarioResult } {
    const parsed = parseScenario(input);
    if (!parsed.ok) return { problems: parsed.problems.map((p) => `${p.path}: ${p.message}`) };
    const result = runScenario(parsed.value);
    for (const [path, n] of numbers(result.hits.map((h) => h.result)).concat(numbers(result.defender, "defender"), [["time", result.time]])) {
      expect(Number.isSafeInteger(n), `${path} = ${n}`).toBe(true);
    }
    expect(parseDefender(result.defender).ok).toBe(true);
    return { problems: [], result };
  }

  it("huge amounts are refused with the field's path, never run into inexact numbers or a state that cannot be read back", () => {
    for (const amount of [1e15, MAX, MAX + 1, 1e308, Number.POSITIVE_INFINITY, Number.NaN]) {
      const { problems } = attempt({ profile: "revised-4e", defender: { defenses: { vulnerabilities: [{ type: "fire" }] } }, events: [{ hit: { parts: [{ amount, types: ["fire"] }, { amount, types: ["fire"] }] } }] });
      expect(problems.length).toBeGreaterThan(0);
      expect(problems[0]).toMatch(/^events\[0\]\.hit\.parts\[0\]\.amount: /);
    }
    expect(attempt({ profile: "card-game", defender: { resources: { hp: { value: MAX } } }, events: [{ hit: { parts: [{ amount: 1 }] } }] }).problems).toEqual([expect.stringMatching(/^defender\.resources\.hp\.value: /)]);
    expect(attempt({ profile: "layered-armor", time: MAX, defender: {}, events: [{ hit: { parts: [{ amount: 1 }] } }] }).problems).toEqual([expect.stringMatching(/^time: /)]);
  });

  it("the largest accepted values run to exact whole numbers, through every built-in profile and a shell cooldown", () => {
    const big = 1_000_000_000;
    for (const profile of ["layered-armor", "revised-4e", "card-game", "tags-and-guard", "armor-pools"]) {
      const defender = {
        traits: ["champion"],
        resources: { hp: { value: big, max: big }, guard: { value: big }, body: { value: big } },
        defenses: { vulnerabilities: [{ type: "all" }], flat: [{ kind: "DV", type: "all", value: big }, { kind: "DV", type: "all", value: big, natural: true }], shells: [{ id: "s", value: 1, cooldown: big }] },
        state: { counters: big, roundLifeLost: big },
      };
      const parts = Array.from({ length: 20 }, () => ({ amount: big, types: ["fire"] }));
      const { problems, result } = attempt({ profile, time: 1e12, defender, events: [{ hit: { parts } }, { advance: 1e12 }, { hit: { parts } }] });
      expect(problems).toEqual([]);
      expect(result!.hits).toHaveLength(2);
    }
  });

  it("duplicate ids that would share a cooldown or a count of uses are refused at their path", () => {
    const shells = parseDefender({ defenses: { shells: [{ id: "s", value: 10 }, { id: "s", value: 5 }] } });
    expect(shells.ok ? [] : shells.problems.map((p) => p.path)).toEqual(["defender.defenses.shells[1].id"]);
    const oneTime = parseDefender({ defenses: { prevention: [{ kind: "oneTime", id: "w" }, { kind: "ongoing", id: "w" }, { kind: "oneTime", id: "w" }] } });
    expect(oneTime.ok ? [] : oneTime.problems.map((p) => p.path)).toEqual(["defender.defenses.prevention[2].id"]);
  });

  it("empty lists where the rules need an entry name the list", () => {
    const problems = (r: { ok: boolean; problems?: { path: string }[] }) => (r.ok ? [] : r.problems!.map((p) => p.path));
    expect(problems(parseEvent({ parts: [] }))).toEqual(["event.parts"]);
    expect(problems(parseProfile({ id: "p", name: "P", steps: [] }))).toEqual(["profile.steps"]);
    expect(problems(parseProfile({ id: "p", name: "P", steps: [{ step: "life" }], options: { damageTypes: [] } }))).toEqual(["profile.options.damageTypes"]);
    expect(attempt({ profile: "revised-4e", defender: {}, events: [] }).problems).toEqual([expect.stringMatching(/^events: /)]);
  });

  it("`all` and `non-physical` select defenses; they are not a hit's damage type", () => {
    for (const type of ["all", "non-physical"]) {
      for (const input of [{ parts: [{ amount: 3, types: ["fire", type] }] }, { parts: [{ amount: 3 }], modifiers: [{ kind: "gainType", type }] }, { parts: [{ amount: 3 }], modifiers: [{ kind: "extraDamage", amount: 1, types: [type] }] }]) {
        const r = parseEvent(input);
        expect(r.ok).toBe(false);
        expect(r.ok ? "" : describeProblems(r.problems)).toMatch(/^event\.(parts\[0\]\.types\[1\]|modifiers\[0\]\.(type|types\[0\])): /);
      }
    }
  });

  it("unknown keys, wrong types and bad numbers deep in a file name their path", () => {
    const { problems } = attempt({
      profile: "revised-4e",
      defender: { defenses: { resistances: [{ type: "fire", limt: 5 }], armor: [{ type: "fire", value: -1, layer: "natural" }] }, resources: { hp: { value: 5, max: 3 } } },
      events: [{ hit: { parts: [{ amount: 2.5 }], traits: "fire" } }],
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        "defender.defenses.resistances[0].limt: Unknown field.",
        expect.stringMatching(/^defender\.defenses\.armor\[0\]\.value: /),
        expect.stringMatching(/^defender\.resources\.hp\.value: /),
        expect.stringMatching(/^events\[0\]\.hit\.parts\[0\]\.amount: /),
        expect.stringMatching(/^events\[0\]\.hit\.traits: /),
      ]),
    );
  });

  it("stored flags that are not data give problems, never a throw", () => {
    for (const raw of ["x", 7, [], { schemaVersion: "1" }, { schemaVersion: 99 }, { schemaVersion: 1, state: { counters: -1 } }, { schemaVersion: 1, defenses: { shells: [{ id: "a", value: 1e300 }] } }]) {
      const r = readStored(raw);
      expect(r.ok).toBe(false);
      expect(r.ok ? "" : r.problems[0]!.path).toMatch(/^flags\.damage-chain/);
    }
  });
});
