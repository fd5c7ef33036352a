/**
 * The double's two generations and the deletion form the module writes
 * on each. v14 cleans an update against the schema before
 * `_preUpdate` and the `preUpdate…` hooks and prunes unknown keys
 * (foundryvtt/foundryvtt#14411, #13406); it deprecates `-=key` for
 * `foundry.data.operators.ForcedDeletion` (#13090; fvtt-types
 * `common/data/operators.d.mts`).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ForcedDeletionDouble, type Obj } from "./double-base.ts";
import { readCard } from "./drawn.ts";
import { DEFAULT_GENERATION, World, settle, type Generation } from "./double.ts";

afterEach(() => vi.restoreAllMocks());

async function worldOf(generation: Generation) {
  const world = new World({ generation });
  world.addUser("gm", true);
  const actor = world.addActor({ id: "a", name: "A", system: { attributes: { hp: { value: 10, max: 10 } } }, flags: { x: { keep: 1, gone: 2 } } });
  const gm = await world.connect(world.users.get("gm")!);
  return { world, actor, gm };
}

describe("the double's generation", () => {
  it("is the project's (DC_FOUNDRY_GENERATION), and game.release.generation says it", async () => {
    expect(DEFAULT_GENERATION).toBe(process.env.DC_FOUNDRY_GENERATION === "14" ? 14 : 13);
    const { world } = await worldOf(DEFAULT_GENERATION);
    expect((game as unknown as { release: { generation: number } }).release.generation).toBe(world.generation);
  });

  it("v14: a key outside the Actor schema is pruned before _preUpdate and the preUpdateActor hook; v13 passes it on", async () => {
    for (const generation of [13, 14] as const) {
      const { world, actor, gm } = await worldOf(generation);
      const seen: string[][] = [];
      world.preUpdate = (_a, changes) => void seen.push(Object.keys(changes));
      gm.hooks.on("preUpdateActor", (_a: unknown, changes: object) => void seen.push(Object.keys(changes)));
      await actor.update({ name: "B", "smuggled-mark": true });
      expect(seen).toEqual(generation === 14 ? [["name"], ["name"]] : [["name", "smuggled-mark"], ["name", "smuggled-mark"]]);
    }
  });

  it("v14, in a dnd5e world (a TypeDataModel system): keys under system that the actor's data lacks are pruned too", async () => {
    const { world, actor, gm } = await worldOf(14);
    world.systemId = "dnd5e";
    const seen: Obj[] = [];
    gm.hooks.on("preUpdateActor", (_a: unknown, changes: Obj) => void seen.push(structuredClone(changes)));
    await actor.update({ "system.attributes.hp.max": 12, "system.attributes.hp.bogus": 1, "system.made-up": { a: 1 } });
    expect(seen).toEqual([{ system: { attributes: { hp: { max: 12 } } } }]);
  });

  it("v14: the legacy -= key fails (v14 warns of it until v16); ForcedDeletion and _del delete", async () => {
    const { actor } = await worldOf(14);
    await expect(actor.update({ "flags.x.-=gone": null })).rejects.toThrow(/legacy syntax/);
    await actor.update({ "flags.x.gone": ForcedDeletionDouble.create() });
    expect(actor.flags).toEqual({ x: { keep: 1 } });
    await actor.update({ "flags.x.keep": (globalThis as { _del?: unknown })._del });
    expect(actor.flags).toEqual({ x: {} });
  });

  it("v13 has no operators: -= deletes", async () => {
    const { actor } = await worldOf(13);
    expect((foundry as { data?: unknown }).data).toBeUndefined();
    await actor.update({ "flags.x.-=gone": null });
    expect(actor.flags).toEqual({ x: { keep: 1 } });
  });
});

describe("the module's deletions (actor/write-form.ts)", () => {
  it("v13 writes the -= marker as it is; v14 writes ForcedDeletion in its place, other keys untouched", async () => {
    for (const generation of [13, 14] as const) {
      await worldOf(generation);
      const { writeForm, writeEntry } = await import("../../src/foundry/actor/write-form.ts");
      const update = { "flags.damage-chain.-=state": null, "flags.-=damage-chain": null, "system.attributes.hp.value": 3 };
      const out = writeForm(update);
      if (generation === 13) expect(out).toBe(update);
      else {
        expect(Object.keys(out)).toEqual(["flags.damage-chain.state", "flags.damage-chain", "system.attributes.hp.value"]);
        expect(out["flags.damage-chain.state" as keyof typeof out]).toBeInstanceOf(ForcedDeletionDouble);
        expect(out["system.attributes.hp.value"]).toBe(3);
      }
      const hostile = writeForm(JSON.parse('{"-=__proto__": null, "__proto__": {"polluted": 1}, "-=constructor": null}') as Record<string, unknown>);
      expect(Object.getPrototypeOf(hostile)).toBe(Object.prototype);
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
      expect(Object.keys(hostile).sort()).toEqual(generation === 13 ? ["-=__proto__", "-=constructor", "__proto__"] : ["__proto__", "constructor"]);
      const [path, value] = writeEntry("a.-=b", null);
      expect([path, value instanceof ForcedDeletionDouble]).toEqual(generation === 13 ? ["a.-=b", false] : ["a.b", true]);
    }
  });
});

describe("undo of a card whose deltas delete (the -= form cards store)", () => {
  it("restores the actor exactly on this generation; no update the module writes holds -= on 14", async () => {
    const { world, actor, gm } = await worldOf(DEFAULT_GENERATION);
    const before = structuredClone({ system: actor.system, flags: actor.flags });
    const outcome = await world.as(gm, () => gm.api.applyDamage([{ actor }], { parts: [{ amount: 4, types: ["fire"] }] }));
    await settle();
    const revert = readCard(world.messages.get(outcome.messageId!)!).deltas[0]!.revert;
    expect(Object.keys(revert).some((p) => p.split(".").pop()!.startsWith("-="))).toBe(true); // the hit was the actor's first: its module flags are deleted on undo
    expect(await world.as(gm, () => gm.api.undo(outcome.messageId!))).toBe("reverted");
    // Exactly as before, but for the version mark: a revert that would delete the whole module flags deletes only `state` and `pools` (`card/undo-check.ts`).
    expect({ system: actor.system, flags: actor.flags }).toEqual({ ...before, flags: { ...before.flags, "damage-chain": { schemaVersion: 1 } } });
  });
});

