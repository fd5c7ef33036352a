/**
 * Damage Shell step (000 "Damage Shell"): life stops at the shell, then the
 * creature is immune until the next round; cooldown in game seconds; imbued
 * hits may go past a shell, and a later hit that round is then ignored.
 */
import { describe, expect, it } from "vitest";
import { startRound } from "../../src/core/lifecycle.ts";
import type { DefenderInput } from "../../src/core/model/defender.ts";
import { TWO_WEEKS_SECONDS } from "../../src/core/model/defenses.ts";
import { hit, run, type Case } from "./support.ts";

const SHELL_LIFE: Case["profile"] = [{ step: "damageShell" }, { step: "life", options: { atZero: "none" } }];
type Shells = NonNullable<DefenderInput["defenses"]>["shells"];
const defender = (hp: number, shells: Shells, state: DefenderInput["state"] = {}): DefenderInput => ({
  resources: hp < 0 ? {} : { hp: { value: hp, max: 40 } },
  defenses: { shells },
  state,
});
type Result = ReturnType<typeof run>;
const after = (prev: DefenderInput, r: Result): DefenderInput => ({ ...prev, resources: r.resources, state: r.state });

describe("damage shell (000)", () => {
  it("stops life at the shell, ignores the rest and makes the creature immune with a two-week cooldown", () => {
    const r = run({ profile: SHELL_LIFE, defender: defender(30, [{ id: "ds", value: 10, label: "Ironheart" }]), event: hit(25), now: 100 });
    expect(r.final).toBe(20);
    expect(r.resources.hp!.value).toBe(10);
    expect(r.state.shellImmune).toBe(true);
    expect(r.state.shellCooldowns).toEqual({ ds: 100 + TWO_WEEKS_SECONDS });
    expect(r.trace[0]).toMatchObject({ in: 25, out: 20, defenses: [{ kind: "damageShell", value: 10, label: "Ironheart" }], key: "DAMAGECHAIN.Trace.damageShell.triggered", params: { value: 10, ignored: 5 } });
  });

  it("reaching the shell value exactly also triggers immunity (nothing cut)", () => {
    const r = run({ profile: SHELL_LIFE, defender: defender(30, [{ id: "ds", value: 10 }]), event: hit(20) });
    expect(r.final).toBe(20);
    expect(r.resources.hp!.value).toBe(10);
    expect(r.state.shellImmune).toBe(true);
  });

  it("a hit that stays above the shell changes nothing", () => {
    const r = run({ profile: SHELL_LIFE, defender: defender(30, [{ id: "ds", value: 10 }]), event: hit(19) });
    expect(r.final).toBe(19);
    expect(r.state.shellImmune).toBe(false);
    expect(r.state.shellCooldowns).toEqual({});
    expect(r.trace[0]!.key).toBe("DAMAGECHAIN.Trace.damageShell.none");
  });

  it("while immune, every hit is ignored, imbued or not, until startRound", () => {
    const start = defender(30, [{ id: "ds", value: 10, ignoredBy: ["imbued"] }]);
    const first = run({ profile: SHELL_LIFE, defender: start, event: hit(25) });
    const second = run({ profile: SHELL_LIFE, defender: after(start, first), event: hit(5, [], { traits: ["imbued"] }) });
    expect(second.final).toBe(0);
    expect(second.dealt).toBe(false);
    expect(second.resources.hp!.value).toBe(10);
    expect(second.trace[0]!.key).toBe("DAMAGECHAIN.Trace.damageShell.immune");

    const nextRound = { ...after(start, second), state: startRound(second.state) };
    const third = run({ profile: SHELL_LIFE, defender: nextRound, event: hit(5) });
    expect(third.final).toBe(5);
    expect(third.resources.hp!.value).toBe(5);
  });

  it("a shell on cooldown does not trigger; it is ready again at exactly the cooldown's end", () => {
    const shells = [{ id: "ds", value: 10, cooldown: 600 }];
    const waiting = defender(30, shells, { shellCooldowns: { ds: 1000 } });
    const early = run({ profile: SHELL_LIFE, defender: waiting, event: hit(25), now: 999 });
    expect(early.resources.hp!.value).toBe(5);
    expect(early.state.shellImmune).toBe(false);
    const ready = run({ profile: SHELL_LIFE, defender: waiting, event: hit(25), now: 1000 });
    expect(ready.resources.hp!.value).toBe(10);
    expect(ready.state.shellCooldowns.ds).toBe(1600);
  });

  it("of several shells the highest one the hit reaches triggers first", () => {
    const shells = [{ id: "low", value: 10 }, { id: "high", value: 20 }];
    const r = run({ profile: SHELL_LIFE, defender: defender(30, shells), event: hit(100) });
    expect(r.resources.hp!.value).toBe(20);
    expect(Object.keys(r.state.shellCooldowns)).toEqual(["high"]);
  });

  it("each shell value triggers separately, round after round", () => {
    const shells = [{ id: "low", value: 10 }, { id: "high", value: 20 }];
    const start = defender(30, shells);
    const first = run({ profile: SHELL_LIFE, defender: start, event: hit(15) });
    expect(first.resources.hp!.value).toBe(20);
    const second = run({ profile: SHELL_LIFE, defender: { ...after(start, first), state: startRound(first.state) }, event: hit(15) });
    expect(second.resources.hp!.value).toBe(10);
    expect(Object.keys(second.state.shellCooldowns).sort()).toEqual(["high", "low"]);
  });

  it("an imbued hit goes past a shell that ignores imbued; a later plain hit that round is ignored whole", () => {
    const start = defender(30, [{ id: "ds", value: 10, ignoredBy: ["imbued"] }]);
    const imbued = run({ profile: SHELL_LIFE, defender: start, event: hit(25, [], { traits: ["imbued"] }), now: 50 });
    expect(imbued.final).toBe(25);
    expect(imbued.resources.hp!.value).toBe(5);
    expect(imbued.state.shellsBypassed).toEqual(["ds"]);
    expect(imbued.state.shellImmune).toBe(false);
    expect(imbued.trace[0]!.key).toBe("DAMAGECHAIN.Trace.damageShell.bypassed");

    const again = run({ profile: SHELL_LIFE, defender: after(start, imbued), event: hit(2, [], { traits: ["imbued"] }), now: 52 });
    expect(again.resources.hp!.value).toBe(3);

    const plain = run({ profile: SHELL_LIFE, defender: after(start, again), event: hit(2), now: 54 });
    expect(plain.final).toBe(0);
    expect(plain.resources.hp!.value).toBe(3);
    expect(plain.state.shellImmune).toBe(true);
    expect(plain.state.shellCooldowns).toEqual({ ds: 54 + TWO_WEEKS_SECONDS });
    expect(plain.trace[0]).toMatchObject({ key: "DAMAGECHAIN.Trace.damageShell.later", params: { value: 10, ignored: 2 } });
  });

  it("the bypass is forgotten at the next round: a plain hit then goes through", () => {
    const start = defender(30, [{ id: "ds", value: 10, ignoredBy: ["imbued"] }]);
    const imbued = run({ profile: SHELL_LIFE, defender: start, event: hit(25, [], { traits: ["imbued"] }) });
    const plain = run({ profile: SHELL_LIFE, defender: { ...after(start, imbued), state: startRound(imbued.state) }, event: hit(2) });
    expect(plain.final).toBe(2);
    expect(plain.resources.hp!.value).toBe(3);
    expect(plain.state.shellImmune).toBe(false);
  });

  it("a lower shell that is not ignored still triggers when an imbued hit goes past a higher one", () => {
    const shells = [{ id: "high", value: 20, ignoredBy: ["imbued"] }, { id: "low", value: 10 }];
    const r = run({ profile: SHELL_LIFE, defender: defender(30, shells), event: hit(25, [], { traits: ["imbued"] }) });
    expect(r.resources.hp!.value).toBe(10);
    expect(r.state.shellsBypassed).toEqual(["high"]);
    expect(Object.keys(r.state.shellCooldowns)).toEqual(["low"]);
  });

  it("life already at or below a shell that was not passed this round does not trigger it", () => {
    const r = run({ profile: SHELL_LIFE, defender: defender(8, [{ id: "ds", value: 10 }]), event: hit(3) });
    expect(r.final).toBe(3);
    expect(r.state.shellImmune).toBe(false);
  });

  it("a shell with a condition that fails counts as ignored by that hit", () => {
    const start = defender(30, [{ id: "ds", value: 10, condition: "attack" }]);
    const hazard = run({ profile: SHELL_LIFE, defender: start, event: hit(25, [], { traits: ["environmental"] }) });
    expect(hazard.resources.hp!.value).toBe(5);
    const attack = run({ profile: SHELL_LIFE, defender: after(start, hazard), event: hit(4) });
    expect(attack.final).toBe(0);
  });

  it("without a life value the shell has nothing to protect and the hit passes", () => {
    const r = run({ profile: [{ step: "damageShell" }], defender: defender(-1, [{ id: "ds", value: 10 }]), event: hit(25) });
    expect(r.final).toBe(25);
    expect(r.trace[0]!.key).toBe("DAMAGECHAIN.Trace.damageShell.noLife");
  });

  it("a 0-point hit triggers nothing", () => {
    const r = run({ profile: SHELL_LIFE, defender: defender(10, [{ id: "ds", value: 10 }]), event: hit(0) });
    expect(r.state.shellImmune).toBe(false);
  });
});
