/**
 * The pf2e double against hand-worked pf2e cases (issue 22 §2), so the
 * adapter's tests stand on a double that behaves as pf2e does.
 */
import { describe, expect, it } from "vitest";
import { Pf2eActorDouble } from "./pf2e-double.ts";

const fire = (total: number) => [{ type: "fire", category: "energy", total }];
const slashing = (total: number, materials: string[] = []) => [{ type: "slashing", category: "physical", materials, total }];

describe("pf2e double: ActorPF2e#applyDamage", () => {
  it("10 fire vs resistance fire 5 takes 5: one update with damageTaken 5, one damage-taken message", async () => {
    const a = new Pf2eActorDouble("Actor.a", { value: 30, max: 30 }, { resistances: [{ type: "fire", value: 5 }] });
    await a.applyDamage({ damage: fire(10) });
    expect(a.system.attributes.hp.value).toBe(25);
    expect(a.updates).toEqual([{ changes: { "system.attributes.hp.value": 25 }, options: { damageTaken: 5 } }]);
    expect(a.messages).toHaveLength(1);
    expect(a.messages[0]!.flags.pf2e.appliedDamage).toEqual({ uuid: "Actor.a", isHealing: false, shield: null, persistent: [], updates: [{ path: "system.attributes.hp.value", value: 5 }] });
    expect(a.messages[0]!.flags.pf2e.context.type).toBe("damage-taken");
  });

  it("a silver hit vs resistance physical 5 except silver takes full damage; a plain hit is resisted", async () => {
    const iwr = { resistances: [{ type: "physical", value: 5, exceptions: ["silver"] }] };
    const a = new Pf2eActorDouble("Actor.a", { value: 30, max: 30 }, iwr);
    await a.applyDamage({ damage: slashing(10, ["silver"]) });
    expect(a.system.attributes.hp.value).toBe(20);
    const b = new Pf2eActorDouble("Actor.b", { value: 30, max: 30 }, iwr);
    await b.applyDamage({ damage: slashing(10) });
    expect(b.system.attributes.hp.value).toBe(25);
  });

  it("only the highest weakness and the highest resistance apply; doubleVs doubles; immunity removes the instance", async () => {
    const a = new Pf2eActorDouble("Actor.a", { value: 50, max: 50 }, { weaknesses: [{ type: "fire", value: 3 }, { type: "energy", value: 5 }], resistances: [{ type: "all-damage", value: 2, doubleVs: ["fire"] }, { type: "fire", value: 3 }] });
    await a.applyDamage({ damage: fire(10) });
    expect(a.system.attributes.hp.value).toBe(50 - (10 + 5 - 4));
    const b = new Pf2eActorDouble("Actor.b", { value: 50, max: 50 }, { immunities: [{ type: "fire" }] });
    await b.applyDamage({ damage: fire(10) });
    expect(b.system.attributes.hp.value).toBe(50);
    expect(b.updates).toEqual([]);
    expect(b.messages[0]!.flags.pf2e.appliedDamage).toBeNull();
  });

  it("temp HP first; HP clamped at 0; undoDamage adds the differences back to the current values with damageUndo", async () => {
    const a = new Pf2eActorDouble("Actor.a", { value: 8, max: 30, temp: 4 });
    await a.applyDamage({ damage: 20 });
    expect(a.system.attributes.hp).toEqual({ value: 0, max: 30, temp: 0 });
    const applied = a.messages[0]!.flags.pf2e.appliedDamage!;
    expect(applied.updates).toEqual([{ path: "system.attributes.hp.temp", value: 4 }, { path: "system.attributes.hp.value", value: 8 }]);
    await a.update({ "system.attributes.hp.value": 3 });
    await a.undoDamage(applied);
    expect(a.system.attributes.hp).toEqual({ value: 11, max: 30, temp: 4 });
    expect(a.updates.at(-1)!.options).toEqual({ damageTaken: -8, damageUndo: true });
  });

  it("a preUpdate listener sees damageTaken and can cancel the write", async () => {
    const a = new Pf2eActorDouble("Actor.a", { value: 30, max: 30 });
    const seen: unknown[] = [];
    a.preUpdate.push((_actor, _changes, options) => {
      seen.push(options.damageTaken);
      return false;
    });
    await a.applyDamage({ damage: fire(10) });
    expect(seen).toEqual([10]);
    expect(a.system.attributes.hp.value).toBe(30);
  });
});
