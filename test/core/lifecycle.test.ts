/**
 * Between hits: startRound (000 Intention Phase), endTurn (002 end phase),
 * endEncounter (001), shellCooldownLeft; and a layered-armor (000) fight
 * across rounds with a Damage Limit and two Damage Shells.
 */
import { describe, expect, it } from "vitest";
import { endEncounter, endTurn, shellCooldownLeft, startRound } from "../../src/core/lifecycle.ts";
import { defenderStateSchema, type DefenderInput, type DefenderState } from "../../src/core/model/defender.ts";
import { TWO_WEEKS_SECONDS } from "../../src/core/model/defenses.ts";
import type { DamageEventInput } from "../../src/core/model/event.ts";
import { hit, run } from "./support.ts";

const busy: DefenderState = defenderStateSchema.parse({
  roundLifeLost: 7,
  shellImmune: true,
  shellsBypassed: ["inner"],
  shellCooldowns: { outer: 500 },
  oneTimeUses: { shield: 1 },
  conditions: ["broken"],
  nextHitPool: "body",
  wounds: { torso: 1 },
  counters: 4,
  temporaryDamage: 3,
  variableResistance: { resist: "fire", vulnerable: "cold" },
});
const snapshot = structuredClone(busy);

describe("lifecycle", () => {
  it("startRound resets the round's life lost, shell immunity and bypassed shells, and keeps the rest", () => {
    const next = startRound(busy);
    expect(next).toEqual({ ...snapshot, roundLifeLost: 0, shellImmune: false, shellsBypassed: [] });
    expect(busy).toEqual(snapshot);
  });

  it("endTurn clears an ally's temporary damage and keeps a champion's counters", () => {
    const next = endTurn(busy);
    expect(next).toEqual({ ...snapshot, temporaryDamage: 0 });
    expect(busy).toEqual(snapshot);
  });

  it("endEncounter ends Variable Resistance only", () => {
    const next = endEncounter(busy);
    const { variableResistance: _gone, ...rest } = snapshot;
    expect(next).toEqual(rest);
    expect(busy.variableResistance).toEqual({ resist: "fire", vulnerable: "cold" });
  });

  it("the new states are copies: changing them leaves the old state alone", () => {
    const next = startRound(busy);
    next.shellCooldowns.outer = 1;
    next.conditions.push("dying");
    next.wounds.torso = 9;
    expect(busy).toEqual(snapshot);
  });

  it("shellCooldownLeft counts game seconds down to 0 and is 0 for an unused shell", () => {
    expect(shellCooldownLeft(busy, "outer", 200)).toBe(300);
    expect(shellCooldownLeft(busy, "outer", 500)).toBe(0);
    expect(shellCooldownLeft(busy, "outer", 900)).toBe(0);
    expect(shellCooldownLeft(busy, "never-used", 0)).toBe(0);
  });
});

describe("layered-armor (000) across rounds: Damage Limit and Damage Shells", () => {
  const HOUR = 3600;
  let defender: DefenderInput = {
    name: "Warden",
    resources: { hp: { value: 40, max: 40 } },
    defenses: {
      damageLimits: [{ value: 15, label: "DL 15" }],
      shells: [
        { id: "outer", value: 20, cooldown: HOUR, label: "Outer shell" },
        { id: "inner", value: 10, ignoredBy: ["imbued"], label: "Inner shell" },
      ],
    },
  };
  const strike = (event: DamageEventInput, now: number) => {
    const r = run({ profile: "layered-armor", defender, event, now });
    defender = { ...defender, resources: r.resources, state: r.state };
    return r;
  };
  const newRound = () => {
    defender = { ...defender, state: startRound(defenderStateSchema.parse(defender.state)) };
  };
  const heal = (to: number) => {
    defender = { ...defender, resources: { hp: { value: to, max: 40 } } };
  };
  const hp = () => defender.resources!.hp!.value;

  it("plays out round by round", () => {
    // Round 1: the Damage Limit caps life lost at 15 for the round.
    expect(strike(hit(12), 0).final).toBe(12);
    expect(strike(hit(12), 1).final).toBe(3);
    expect(strike(hit(5), 2).final).toBe(0);
    expect(hp()).toBe(25);

    // Round 2: the limit resets; the outer shell stops life at 20, then immunity.
    newRound();
    const stopped = strike(hit(10), 6);
    expect(stopped.final).toBe(5);
    expect(hp()).toBe(20);
    expect(stopped.state.shellCooldowns.outer).toBe(6 + HOUR);
    expect(strike(hit(3, [], { traits: ["imbued"] }), 7).final).toBe(0);

    // Round 3: immunity gone; the outer shell is cooling down; imbued hits go past the inner shell...
    newRound();
    expect(strike(hit(9, [], { traits: ["imbued"] }), 12).final).toBe(9);
    expect(strike(hit(4, [], { traits: ["imbued"] }), 13).final).toBe(4);
    expect(hp()).toBe(7);
    // ...and the next plain hit that round is ignored whole (000), starting the inner shell's two weeks.
    const ignored = strike(hit(2), 14);
    expect(ignored.final).toBe(0);
    expect(ignored.state.shellCooldowns.inner).toBe(14 + TWO_WEEKS_SECONDS);
    expect(strike(hit(1), 15).final).toBe(0);

    // Round 4: immunity cleared; life is already below both shells.
    newRound();
    expect(strike(hit(1), 18).final).toBe(1);
    expect(hp()).toBe(6);

    // Round 5, one second before the outer shell is ready: it does not trigger.
    heal(30);
    newRound();
    expect(shellCooldownLeft(defenderStateSchema.parse(defender.state), "outer", 6 + HOUR - 1)).toBe(1);
    expect(strike(hit(15), 6 + HOUR - 1).final).toBe(15);
    expect(hp()).toBe(15);

    // Round 6, at exactly the cooldown's end: the outer shell works again.
    heal(30);
    newRound();
    const again = strike(hit(15), 6 + HOUR);
    expect(again.final).toBe(10);
    expect(hp()).toBe(20);
    expect(again.state.shellImmune).toBe(true);
    expect(again.trace.map((t) => t.step)).toEqual(["bdn", "bdr", "dv", "armorValue", "fdn", "fdr", "damageLimit", "damageShell", "life"]);
  });
});
