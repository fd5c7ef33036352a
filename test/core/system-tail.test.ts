/**
 * The chain's own defenses on top of the dnd5e and pf2e profiles: each link
 * of the tail runs only for a defender that has such defenses, so a defender
 * without them gets exactly the system's numbers and trace; with them, each
 * acts where docs/rules.md ("The system profiles") puts it.
 */
import { describe, expect, it } from "vitest";
import { resolve } from "../../src/core/chain.ts";
import { rest } from "../../src/core/lifecycle.ts";
import { defenderSchema, type DefenderInput } from "../../src/core/model/defender.ts";
import { damageEventSchema } from "../../src/core/model/event.ts";
import { startRound } from "../../src/core/lifecycle.ts";
import { BUILT_IN_PROFILES, DND5E_PROFILE_ID, PF2E_PROFILE_ID } from "../../src/core/profiles.ts";
import { seededRandom } from "../../src/core/random.ts";
import { hit, run } from "./support.ts";

const dnd5e = BUILT_IN_PROFILES.find((p) => p.id === DND5E_PROFILE_ID)!;
const fireball = (saved: boolean) => ({ parts: [{ amount: 27, types: ["fire"] }], ...(saved ? { dnd5e: { multiplier: 0.5 } } : {}) });

describe("dnd5e profile: an actor without the chain's defenses", () => {
  it("runs only dnd5e's steps and HP: the trace is dnd5e's", () => {
    const r = run({ profile: DND5E_PROFILE_ID, defender: { resources: { hp: { value: 40, max: 40 } }, dnd5e: { dr: { value: ["fire"] } } }, event: fireball(true) });
    expect(r.trace.map((e) => e.step)).toEqual(["dnd5eImmunity", "dnd5eModification", "dnd5eResistance", "dnd5eThreshold", "life"]);
    expect(r.final).toBe(6);
  });
  it("an empty ward pool (0 points) is no ward: the step does not run", () => {
    const r = run({ profile: DND5E_PROFILE_ID, defender: { resources: { hp: { value: 40 }, ward: { value: 0, max: 12 } } }, event: fireball(false) });
    expect(r.trace.some((e) => e.step === "pools")).toBe(false);
    expect(r.resources.hp!.value).toBe(13);
  });
});

describe("dnd5e profile: a ward takes damage after dnd5e's arithmetic, before HP (abjurer's Arcane Ward pattern)", () => {
  it("wizard with a 12-point ward, Fireball 27 saved: 13, the ward 12 → 0, HP −1, in that order on the trace", () => {
    const r = run({ profile: DND5E_PROFILE_ID, defender: { resources: { hp: { value: 40, max: 40 }, ward: { value: 12, max: 12 } } }, event: fireball(true) });
    expect(r.final).toBe(13);
    expect(r.resources.ward!.value).toBe(0);
    expect(r.resources.hp!.value).toBe(39);
    expect(r.taken).toEqual({ ward: 12, hp: 1 });
    const steps = r.trace.map((e) => e.step);
    expect(steps.indexOf("dnd5eResistance")).toBeLessThan(steps.indexOf("pools"));
    expect(steps.indexOf("pools")).toBeLessThan(steps.indexOf("life"));
  });
  it("resistance first, then the ward: 27 fire on a fire-resistant wizard is 13, all of it to a 20-point ward", () => {
    const r = run({ profile: DND5E_PROFILE_ID, defender: { resources: { hp: { value: 40 }, ward: { value: 20, max: 20 } }, dnd5e: { dr: { value: ["fire"] } } }, event: fireball(false) });
    expect(r.resources.ward!.value).toBe(7);
    expect(r.resources.hp!.value).toBe(40);
  });
});

describe("dnd5e profile: a per-round damage limit (000 Damage Limit)", () => {
  it("a boss with a 30-per-round limit takes 25 + 25 in one round: 30 in all; the next round resets it", () => {
    const defender = defenderSchema.parse({ resources: { hp: { value: 200, max: 200 } }, defenses: { damageLimits: [{ value: 30 }] } });
    const random = seededRandom(1);
    const once = (d: typeof defender) => resolve({ event: damageEventSchema.parse(hit(25, "slashing")), defender: d, profile: dnd5e, random, now: 0 });
    const a = once(defender);
    const b = once({ ...defender, resources: a.resources, state: a.state });
    expect([a.final, b.final]).toEqual([25, 5]);
    expect(b.resources.hp!.value).toBe(170);
    const cut = b.trace.find((e) => e.step === "damageLimit")!;
    expect(cut.key).toBe("DAMAGECHAIN.Trace.damageLimit.cut");
    expect(cut.params).toMatchObject({ limit: 30, lost: 25, allowed: 5, ignored: 20 });
    const c = once({ ...defender, resources: b.resources, state: startRound(b.state) });
    expect(c.final).toBe(25);
  });
});

describe("endurance: drop to 1 HP instead of 0", () => {
  const orc: DefenderInput = { resources: { hp: { value: 5, max: 30 } }, defenses: { endurance: [{ id: "relentless", label: "Relentless Endurance", uses: 1, recharge: "longRest" }] } };
  it("an orc at 5 of 30 takes 20: HP 1, the use spent; a second hit before a long rest drops it to 0; after a long rest it works again", () => {
    const random = seededRandom(1);
    const go = (d: ReturnType<typeof defenderSchema.parse>, amount: number) => resolve({ event: damageEventSchema.parse(hit(amount, "slashing")), defender: d, profile: dnd5e, random, now: 0 });
    const d0 = defenderSchema.parse(orc);
    const a = go(d0, 20);
    expect(a.resources.hp!.value).toBe(1);
    expect(a.final).toBe(4);
    expect(a.state.oneTimeUses.relentless).toBe(0);
    expect(a.trace.find((e) => e.step === "endurance")!.defenses[0]!.label).toBe("Relentless Endurance");
    const b = go({ ...d0, resources: a.resources, state: a.state }, 20);
    expect(b.resources.hp!.value).toBe(0);
    expect(b.trace.find((e) => e.step === "endurance")!.key).toBe("DAMAGECHAIN.Trace.endurance.noUses");
    const rested = rest({ ...a.state }, d0.defenses, "long");
    expect(rested.oneTimeUses.relentless).toBeUndefined();
    expect(rest(a.state, d0.defenses, "short").oneTimeUses.relentless).toBe(0);
    const c = go({ ...d0, resources: { hp: { value: 12, max: 30 } }, state: rested }, 50);
    expect(c.resources.hp!.value).toBe(1);
  });
  it("temporary HP are part of the life the hit would take: 5 HP + 3 temp, 20 damage leaves 1 (7 taken)", () => {
    const r = run({ profile: DND5E_PROFILE_ID, defender: { ...orc, resources: { hp: { value: 8, max: 33 } } }, event: hit(20, "fire") });
    expect(r.resources.hp!.value).toBe(1);
    expect(r.taken.hp).toBe(7);
  });
  it("a hit that leaves life above 0 spends no use", () => {
    const r = run({ profile: DND5E_PROFILE_ID, defender: orc, event: hit(4, "fire") });
    expect(r.resources.hp!.value).toBe(1);
    expect(r.state.oneTimeUses.relentless).toBeUndefined();
  });
  const zombie: DefenderInput = {
    resources: { hp: { value: 10, max: 22 } },
    defenses: { endurance: [{ id: "undead-fortitude", label: "Undead Fortitude", recharge: "never", saveDc: 5, saveAbility: "con", saveBonus: 3, exceptTypes: ["radiant"], ignoredBy: ["critical"] }] },
  };
  it("Undead Fortitude: the save against DC 5 + damage taken, rolled by the adapter (saves[id]): 20 vs DC 17 holds at 1", () => {
    const r = run({ profile: DND5E_PROFILE_ID, defender: { ...zombie, saves: { "undead-fortitude": 20 } }, event: hit(12, "slashing") });
    expect(r.resources.hp!.value).toBe(1);
    expect(r.trace.find((e) => e.step === "endurance")!.params).toMatchObject({ roll: 20, dc: 17, hp: 1 });
  });
  it("Undead Fortitude: a failed save (16 vs DC 17) drops it to 0", () => {
    const r = run({ profile: DND5E_PROFILE_ID, defender: { ...zombie, saves: { "undead-fortitude": 16 } }, event: hit(12, "slashing") });
    expect(r.resources.hp!.value).toBe(0);
    expect(r.trace.find((e) => e.step === "endurance")!.key).toBe("DAMAGECHAIN.Trace.endurance.saveFailed");
  });
  it("Undead Fortitude: not against radiant damage, nor a critical hit, whatever the save", () => {
    const radiant = run({ profile: DND5E_PROFILE_ID, defender: { ...zombie, saves: { "undead-fortitude": 30 } }, event: hit(12, "radiant") });
    expect(radiant.resources.hp!.value).toBe(0);
    const critical = run({ profile: DND5E_PROFILE_ID, defender: { ...zombie, saves: { "undead-fortitude": 30 } }, event: hit(12, "slashing", { traits: ["critical"] }) });
    expect(critical.resources.hp!.value).toBe(0);
    expect(critical.trace.find((e) => e.step === "endurance")!.key).toBe("DAMAGECHAIN.Trace.endurance.excepted");
  });
  it("without an adapter's roll, the step rolls d20 + bonus from the passed-in random source (reproducible by seed)", () => {
    const a = run({ profile: DND5E_PROFILE_ID, defender: zombie, event: hit(12, "slashing"), seed: 7 });
    const b = run({ profile: DND5E_PROFILE_ID, defender: zombie, event: hit(12, "slashing"), seed: 7 });
    const roll = a.trace.find((e) => e.step === "endurance")!.params.roll as number;
    expect(roll).toBeGreaterThanOrEqual(4);
    expect(roll).toBeLessThanOrEqual(23);
    expect(b.trace.find((e) => e.step === "endurance")!.params.roll).toBe(roll);
    expect(a.resources.hp!.value).toBe(roll >= 17 ? 1 : 0);
  });
});

describe("a reaction chosen when the damage is applied: halve (Uncanny Dodge)", () => {
  const rogue: DefenderInput = { resources: { hp: { value: 40 } }, dnd5e: { dr: { value: ["fire"] } }, defenses: { reactions: [{ id: "uncanny-dodge", label: "Uncanny Dodge", effect: "halve", condition: "attack" }] } };
  it("not chosen: nothing happens", () => {
    expect(run({ profile: DND5E_PROFILE_ID, defender: rogue, event: hit(27, "slashing") }).final).toBe(27);
  });
  it("chosen under dnd5e: one more ×½ of the tray's multiplier, one rounding with resistance: 27 fire → trunc(27 × ½ / 2) = 6", () => {
    const r = run({ profile: DND5E_PROFILE_ID, defender: rogue, event: hit(27, "fire", { reactions: ["uncanny-dodge"] }) });
    expect(r.final).toBe(6);
    expect(r.trace.find((e) => e.step === "dnd5eResistance")!.defenses.some((d) => d.kind === "reaction")).toBe(true);
  });
  it("chosen against damage that is not an attack: no effect (its condition)", () => {
    expect(run({ profile: DND5E_PROFILE_ID, defender: rogue, event: hit(27, "slashing", { traits: ["environmental"], reactions: ["uncanny-dodge"] }) }).final).toBe(27);
  });
  it("a reaction the defender does not have is nothing", () => {
    expect(run({ profile: DND5E_PROFILE_ID, defender: rogue, event: hit(27, "slashing", { reactions: ["shield"] }) }).final).toBe(27);
  });
  it("the generic reaction step halves each part, rounded per the profile", () => {
    const r = run({ profile: [{ step: "reaction" }, { step: "life" }], defender: rogue, event: hit(27, "slashing", { reactions: ["uncanny-dodge"] }) });
    expect(r.final).toBe(13);
  });
});

describe("pf2e profile: the same tail", () => {
  it("pf2e resistance first, then a 10-point ward: 20 fire on resistance fire 5 → 15, ward 10 → 0, HP −5", () => {
    const r = run({ profile: PF2E_PROFILE_ID, defender: { resources: { hp: { value: 50 }, ward: { value: 10 } }, defenses: { flat: [{ kind: "FDR", type: "fire", value: 5 }] } }, event: hit(20, "fire") });
    expect(r.final).toBe(15);
    expect(r.taken).toEqual({ ward: 10, hp: 5 });
  });
  it("without the chain's defenses the trace is pf2e's four steps", () => {
    const r = run({ profile: PF2E_PROFILE_ID, defender: { resources: { hp: { value: 50 } } }, event: hit(20, "fire") });
    expect(r.trace.map((e) => e.step)).toEqual(["immunity", "dv", "fdr", "life"]);
  });
});
