/**
 * runScenario / parseScenario (src/core/scenario.ts): hits resolved in order
 * with resources and state carried, rounds, turns, encounters and game time
 * applied between them, one seeded random source for the whole sequence, and
 * validation problems that name the field.
 */
import { describe, expect, it } from "vitest";
import { resolve } from "../../src/core/chain.ts";
import { BUILT_IN_PROFILES } from "../../src/core/profiles.ts";
import { seededRandom } from "../../src/core/random.ts";
import { parseScenario, runScenario, type Scenario, type ScenarioInput } from "../../src/core/scenario.ts";
import { describeProblems } from "../../src/core/validate.ts";

/** Parse through the real schema; fail the test with the problems if invalid. */
function scenario(input: ScenarioInput): Scenario {
  const parsed = parseScenario(input);
  if (!parsed.ok) throw new Error(describeProblems(parsed.problems));
  return parsed.value;
}

const hit = (amount: number, types: string[] = [], traits: string[] = []) => ({ hit: { parts: [{ amount, types }], traits } });

describe("runScenario", () => {
  it("carries resources and state from hit to hit", () => {
    const out = runScenario(
      scenario({
        profile: "tags-and-guard",
        defender: { resources: { hp: { value: 10 }, guard: { value: 4 } } },
        events: [hit(3), hit(3), hit(20)],
      }),
    );
    expect(out.hits.map((h) => h.result.taken)).toEqual([{ guard: 3 }, { guard: 1, hp: 2 }, { hp: 8 }]);
    expect(out.hits.map((h) => h.result.conditionsGained)).toEqual([[], ["broken"], ["dying"]]);
    expect(out.defender.resources).toEqual({ hp: { value: 0 }, guard: { value: 0 } });
    expect(out.defender.state.conditions).toEqual(["broken", "dying"]);
  });

  it("does not change the scenario it was given", () => {
    const s = scenario({ profile: "tags-and-guard", defender: { resources: { hp: { value: 10 } } }, events: [hit(4)] });
    runScenario(s);
    expect(s.defender!.resources.hp).toEqual({ value: 10 });
    expect(s.defender!.state.roundLifeLost).toBe(0);
  });

  it("newRound resets the Damage Limit's count and numbers the rounds (000)", () => {
    const out = runScenario(
      scenario({
        profile: "layered-armor",
        defender: { resources: { hp: { value: 50 } }, defenses: { damageLimits: [{ value: 10 }] } },
        events: [hit(8), hit(8), { newRound: true }, hit(8)],
      }),
    );
    expect(out.hits.map((h) => h.result.final)).toEqual([8, 2, 8]);
    expect(out.hits.map((h) => h.round)).toEqual([1, 1, 2]);
    expect(out.defender.resources.hp!.value).toBe(50 - 18);
  });

  it("advance moves game time: a shell on cooldown until t=100 triggers only after 100 s (000)", () => {
    const run = (events: ScenarioInput["events"]) =>
      runScenario(
        scenario({
          profile: "layered-armor",
          time: 40,
          defender: {
            resources: { hp: { value: 30 } },
            defenses: { shells: [{ id: "s", value: 20, cooldown: 500 }] },
            state: { shellCooldowns: { s: 100 } },
          },
          events,
        }),
      );
    const early = run([{ advance: 59 }, hit(15)]);
    expect(early.hits[0]!.time).toBe(99);
    expect(early.hits[0]!.result.final).toBe(15);
    const late = run([{ advance: 60 }, hit(15)]);
    expect(late.hits[0]!.time).toBe(100);
    expect(late.hits[0]!.result.final).toBe(10);
    expect(late.defender.state.shellCooldowns.s).toBe(100 + 500);
    expect(late.time).toBe(100);
  });

  it("endTurn removes an ally's temporary damage (002 rule 12)", () => {
    const run = (middle: ScenarioInput["events"]) =>
      runScenario(
        scenario({
          profile: "card-game",
          defender: { traits: ["ally"], resources: { hp: { value: 5 } } },
          events: [hit(3), ...middle, hit(3)],
        }),
      );
    const withEnd = run([{ endTurn: true }]);
    expect(withEnd.defender.state.temporaryDamage).toBe(3);
    expect(withEnd.defender.state.conditions).toEqual([]);
    const without = run([]);
    expect(without.defender.state.temporaryDamage).toBe(6);
    expect(without.defender.state.conditions).toEqual(["dead"]);
  });

  it("endEncounter ends Variable Resistance (001)", () => {
    const events = [hit(10, ["fire"])];
    const base = { profile: "revised-4e", defender: { resources: { hp: { value: 50 } }, defenses: { keywords: ["variableResistance" as const] } } };
    const during = runScenario(scenario({ ...base, events }));
    expect(during.defender.state.variableResistance?.resist).toBe("fire");
    const after = runScenario(scenario({ ...base, events: [...events, { endEncounter: true }] }));
    expect(after.defender.state.variableResistance).toBeUndefined();
  });

  it("uses ONE random source, seeded by `seed`, for the whole sequence", () => {
    const input: ScenarioInput = {
      profile: "revised-4e",
      seed: 42,
      defender: { resources: { hp: { value: 500 } }, defenses: { keywords: ["variableResistance"] } },
      events: Array.from({ length: 8 }, () => hit(10, ["fire", "cold", "acid", "lightning", "thunder"])),
    };
    const s = scenario(input);
    const out = runScenario(s);
    // The same hits resolved by hand against one shared seededRandom(42).
    const random = seededRandom(42);
    let defender = s.defender!;
    const picks: unknown[] = [];
    for (const step of s.events) {
      if (!("hit" in step)) continue;
      const r = resolve({ event: step.hit, defender, profile: s.profile, random, now: 0 });
      defender = { ...defender, resources: r.resources, state: r.state };
      picks.push(r.state.variableResistance);
    }
    expect(out.hits.map((h) => h.result.state.variableResistance)).toEqual(picks);
    expect(runScenario(scenario(input))).toEqual(out);
  });

  it("labels a hit by its step label, else its event label, else `Hit n`", () => {
    const out = runScenario(
      scenario({
        profile: "revised-4e",
        defender: {},
        events: [{ label: "Step label", hit: { label: "Event label", parts: [{ amount: 1 }] } }, { hit: { label: "Event label", parts: [{ amount: 1 }] } }, { newRound: true }, hit(1)],
      }),
    );
    expect(out.hits.map((h) => [h.label, h.step])).toEqual([["Step label", 0], ["Event label", 1], ["Hit 3", 3]]);
  });

  it("runs an inline profile", () => {
    const out = runScenario(
      scenario({
        profile: { id: "halves", name: "Just resistance", steps: [{ step: "resistance" }] },
        defender: { defenses: { resistances: [{ type: "all" }] } },
        events: [hit(9)],
      }),
    );
    expect(out.profile.id).toBe("halves");
    expect(out.hits[0]!.result.final).toBe(5);
    expect(out.hits[0]!.result.trace.map((t) => t.step)).toEqual(["resistance"]);
  });
});

describe("parseScenario", () => {
  const base = { profile: "revised-4e", defender: {}, events: [hit(5)] };

  it("fills in the defaults: seed 1, time 0, the built-in profile itself", () => {
    const s = scenario(base);
    expect(s.seed).toBe(1);
    expect(s.time).toBe(0);
    expect(s.profile).toBe(BUILT_IN_PROFILES.find((p) => p.id === "revised-4e"));
  });

  const problems = (input: unknown) => {
    const parsed = parseScenario(input);
    return parsed.ok ? [] : parsed.problems.map((p) => `${p.path}: ${p.message}`);
  };

  it("reports a problem inside a step at its full path, not as a failed union", () => {
    expect(problems({ ...base, events: [hit(5), { hit: { parts: [{ amount: 1.5 }] } }] })).toEqual(["events[1].hit.parts[0].amount: Must be a whole number."]);
    expect(problems({ ...base, events: [{ advance: 2.5 }] })).toEqual(["events[0].advance: Must be a whole number."]);
    expect(problems({ ...base, events: [{ newRound: false }] })).toEqual(["events[0].newRound: Must be true."]);
  });

  it("reports a step of no known kind, or of two kinds, with the list of kinds", () => {
    for (const step of [{ heal: 3 }, { newRound: true, endTurn: true }, 7]) {
      const [only, ...rest] = problems({ ...base, events: [step] });
      expect(rest).toEqual([]);
      expect(only).toMatch(/^events\[0\]: A step needs exactly one of: hit/);
    }
  });

  it("names unknown fields one by one", () => {
    expect(problems({ ...base, sed: 3, defender: { nmae: "x" } })).toEqual(expect.arrayContaining(["sed: Unknown field.", "defender.nmae: Unknown field."]));
  });

  it("explains a bad profile: unknown id, or the inline profile's own field", () => {
    expect(problems({ ...base, profile: "gurps" })).toEqual([
      "profile: Must be a built-in profile id (layered-armor, revised-4e, card-game, tags-and-guard, armor-pools, dnd5e, pf2e, draw-steel, pf1, daggerheart) or a profile with id, name and steps.",
    ]);
    expect(problems({ ...base, profile: { id: "x", name: "X", steps: [] } })).toEqual(["profile.steps: Needs at least one entry."]);
  });

  it("reports a root that is not an object", () => {
    expect(problems([1, 2])).toEqual(["(root): Must be a group of fields."]);
  });
});
