/**
 * The GM window's bulk retrofit: pick a folder's actors,
 * preview the system import plus 001's creature-type templates, apply them in
 * one batched write, and undo the whole batch in one step — every actor's
 * flags exactly as before (an actor that had none has none again).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { World, type ActorDouble, type Client } from "./double.ts";

type Batch = typeof import("../../src/foundry/apps/bestiary/batch.ts");
let world: World;
let gm: Client;
let batch: Batch;
let wight: ActorDouble;
let wolf: ActorDouble;
let golem: ActorDouble;

const traits = (di: string[], dr: string[]) => ({
  di: { value: new Set(di), bypasses: new Set(), custom: "" },
  dr: { value: new Set(dr), bypasses: new Set(["mgc"]), custom: "" },
  dv: { value: new Set(), bypasses: new Set(), custom: "" },
  ci: { value: new Set(), custom: "" },
  dm: { amount: {}, bypasses: new Set() },
});
const npc = (type: string, di: string[], dr: string[]) => ({ attributes: { hp: { value: 20, max: 20 } }, details: { type: { value: type, subtype: "", swarm: "", custom: "" } }, traits: traits(di, dr) });

beforeEach(async () => {
  world = new World();
  world.systemId = "dnd5e";
  world.addUser("gm", true);
  wight = world.addActor({ id: "w", name: "Wight", type: "npc", system: npc("undead", ["poison"], ["necrotic", "slashing"]), flags: { "damage-chain": { schemaVersion: 1, defenses: { resistances: [{ type: "fire", limit: 5 }] }, state: { counters: 1 } } } });
  wolf = world.addActor({ id: "b", name: "Wolf", type: "npc", system: npc("beast", [], []) });
  golem = world.addActor({ id: "g", name: "Golem", type: "npc", system: npc("construct", ["poison"], []) });
  for (const a of [wight, wolf]) (a as unknown as { folder: object }).folder = { id: "crypt" };
  gm = await world.connect(world.users.get("gm")!);
  batch = await import("../../src/foundry/apps/bestiary/batch.ts");
});

/** Run as the GM; the double has no `game.actors`, so the world's actors are put there. */
const as = <T>(fn: () => T): T =>
  world.as(gm, () => {
    (globalThis as unknown as { game: { actors: unknown } }).game.actors = { [Symbol.iterator]: () => world.actors.values() };
    return fn();
  });

describe("bulk retrofit", () => {
  it("selects by folder, creature type and role", () => {
    const all = as(() => batch.worldActors());
    expect(all.map((a) => [a.actor.name, a.folder, a.creatureType])).toEqual([["Wight", "crypt", "undead"], ["Wolf", "crypt", "beast"], ["Golem", "", "construct"]]);
    expect(batch.selectActors(all, { folder: "crypt" }).map((a) => a.actor.name)).toEqual(["Wight", "Wolf"]);
    expect(batch.selectActors(all, { creatureType: "construct" }).map((a) => a.actor.name)).toEqual(["Golem"]);
  });

  it("previews per actor, applies in one batch, and undoes the whole batch exactly", async () => {
    const before = { wight: structuredClone(wight.flags), wolf: structuredClone(wolf.flags) };
    const chosen = batch.selectActors(as(() => batch.worldActors()), { folder: "crypt" });
    const { rows, skipped } = as(() => batch.previewBatch(chosen, { importSystem: "dnd5e", templates: true }));
    expect(skipped).toEqual([]);
    const w = rows.find((r) => r.name === "Wight")!;
    expect(w.changed).toBe(true);
    expect(w.tags).toEqual(["import.dnd5e", "type.undead"]);
    // 001: Undead resist poison instead of immunity and lose the imported necrotic resistance.
    expect(w.after.immunities).toEqual([]);
    expect(w.after.resistances).toEqual([{ type: "fire", limit: 5 }, { type: "slashing", ignoredBy: ["magical"], template: "import.dnd5e" }, { type: "poison", template: "type.undead" }]);
    expect(w.after.vulnerabilities).toEqual([{ type: "radiant", template: "type.undead" }]);
    expect(rows.find((r) => r.name === "Wolf")!.changed).toBe(false); // a beast without traits: nothing to do
    expect(world.writes).toEqual([]); // preview writes nothing

    expect(await as(() => batch.applyBatch(rows))).toBe(1);
    expect(world.actorWrites()).toEqual([{ ids: ["w"], userId: "gm" }]);
    expect((wight.flags["damage-chain"] as { defenses: { vulnerabilities: unknown[] }; state: unknown }).defenses.vulnerabilities).toEqual([{ type: "radiant", template: "type.undead" }]);
    expect((wight.flags["damage-chain"] as { state: unknown }).state).toMatchObject({ counters: 1 }); // the rest of the flags is kept
    expect(as(() => batch.lastBatch())?.actors.map((a) => a.id)).toEqual(["w"]);

    expect(await as(() => batch.undoBatch())).toBe(1);
    expect(wight.flags).toEqual(before.wight);
    expect(wolf.flags).toEqual(before.wolf);
    expect(as(() => batch.lastBatch())).toBeUndefined();
  });

  it("an actor without flags gets none back on undo; unreadable flags are skipped, never overwritten", async () => {
    const chosen = batch.selectActors(as(() => batch.worldActors()), { creatureType: "construct" });
    const { rows } = as(() => batch.previewBatch(chosen, { importSystem: "dnd5e", templates: false }));
    await as(() => batch.applyBatch(rows));
    expect(golem.flags["damage-chain"]).toBeDefined();
    await as(() => batch.undoBatch());
    expect(golem.flags).toEqual({});

    wolf.flags["damage-chain"] = { schemaVersion: 99 };
    const { rows: none, skipped } = as(() => batch.previewBatch(batch.selectActors(as(() => batch.worldActors()), { folder: "crypt" }), { importSystem: "dnd5e", templates: true }));
    expect(skipped).toEqual(["Wolf"]);
    expect(none.map((r) => r.name)).toEqual(["Wight"]);
  });

  it("undoing a batch after hits keeps what the hits wrote: only the batch's entries are taken out", async () => {
    const chosen = batch.selectActors(as(() => batch.worldActors()), { folder: "crypt" });
    const { rows } = as(() => batch.previewBatch(chosen, { importSystem: "dnd5e", templates: true }));
    const golemRows = as(() => batch.previewBatch(batch.selectActors(as(() => batch.worldActors()), { creatureType: "construct" }), { importSystem: "dnd5e", templates: false })).rows;
    await as(() => batch.applyBatch([...rows, ...golemRows]));
    const api = (gm as unknown as { api: { applyDamage(t: unknown[], e: unknown): Promise<unknown> } }).api;
    // Two cold hits after the batch: the wight's state and HP change, the golem gets flags state of its own.
    for (const target of [wight, golem]) for (let i = 0; i < 2; i++) await world.as(gm, () => api.applyDamage([{ actor: target }], { parts: [{ amount: 3, types: ["cold"] }] }));
    const hitState = { wight: structuredClone((wight.flags["damage-chain"] as { state: unknown }).state), golem: structuredClone((golem.flags["damage-chain"] as { state: unknown }).state) };
    const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
    const hpAfter = [hp(wight), hp(golem)];

    expect(await as(() => batch.undoBatch())).toBe(2);
    const wd = wight.flags["damage-chain"] as { defenses: Record<string, unknown[]>; state: unknown };
    expect(wd.defenses.resistances).toEqual([{ type: "fire", limit: 5 }]); // the batch's entries out, the GM's own kept
    expect(wd.defenses.vulnerabilities ?? []).toEqual([]);
    expect(wd.state).toEqual(hitState.wight); // what the hits wrote stays
    const gd = golem.flags["damage-chain"] as { defenses: Record<string, unknown[]>; state: unknown } | undefined;
    expect(gd?.state).toEqual(hitState.golem); // never deleted outright
    expect(gd?.defenses.immunities ?? []).toEqual([]);
    expect([hp(wight), hp(golem)]).toEqual(hpAfter);
  });

  it("refuses to undo a batch, naming the actor, when a later edit changed an entry the batch added", async () => {
    const chosen = batch.selectActors(as(() => batch.worldActors()), { folder: "crypt" });
    const { rows } = as(() => batch.previewBatch(chosen, { importSystem: "dnd5e", templates: true }));
    await as(() => batch.applyBatch(rows));
    const defenses = (wight.flags["damage-chain"] as { defenses: { vulnerabilities: { type: string; template?: string }[] } }).defenses;
    defenses.vulnerabilities = [{ type: "radiant", template: "type.undead", limit: 2 } as never]; // the GM edited the batch's entry
    const edited = structuredClone(wight.flags);
    const writes = world.writes.length;
    expect(await as(() => batch.undoBatch())).toBe(0);
    expect(gm.notes.at(-1)!.text).toContain("Wight");
    expect(wight.flags).toEqual(edited);
    expect(world.writes.length).toBe(writes);
  });
});
