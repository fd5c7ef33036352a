/**
 * The test double behaves like Foundry where the module depends on it
 * (what is modelled and what not: `README.md` here). Each case
 * names the Foundry or dnd5e behaviour it pins.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { diff, expand, merge, type Obj } from "./double-base.ts";
import { World, type ActorDouble, type UserDouble } from "./double.ts";

let world: World;
let gmUser: UserDouble;
let p1: UserDouble;
let actor: ActorDouble;

beforeEach(() => {
  world = new World();
  gmUser = world.addUser("gm", true);
  p1 = world.addUser("p1", false);
  actor = world.addActor({ id: "a", name: "A", system: { attributes: { hp: { value: 10, max: 10 } } }, flags: {} });
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe("Hooks (client/helpers/hooks.mjs)", () => {
  it("call and callAll catch and log a handler's error, go on with the next handler, and never throw into the caller", async () => {
    const gm = world.addClient(gmUser);
    const seen: string[] = [];
    gm.hooks.on("x", function broken() { throw new Error("boom"); });
    gm.hooks.on("x", () => { seen.push("next"); });
    expect(gm.hooks.call("x")).toBe(true);
    expect(gm.hooks.callAll("x")).toBe(true);
    expect(seen).toEqual(["next", "next"]);
    expect(gm.hooks.errors.map((e) => (e.error as Error).message)).toEqual(["boom", "boom"]);
    expect(console.warn).toHaveBeenCalledWith("Foundry VTT | Error thrown in hooked function 'broken' for hook 'x'");
  });
});

describe("updates (ClientDatabaseBackend#preUpdateDocumentArray, mergeObject, diffObject)", () => {
  it("runs _preUpdate before the preUpdate hook, and skips an update whose diff is empty", async () => {
    const order: string[] = [];
    world.preUpdate = () => { order.push("_preUpdate"); };
    const gm = world.addClient(gmUser);
    gm.hooks.on("preUpdateActor", () => { order.push("preUpdateActor"); });
    gm.hooks.on("updateActor", () => { order.push("updateActor"); });
    await world.as(gm, () => actor.update({ "system.attributes.hp.value": 10 }));
    expect(order).toEqual(["_preUpdate", "preUpdateActor"]);
    expect(world.writes).toEqual([]);
    await world.as(gm, () => actor.update({ "system.attributes.hp.value": 4 }));
    expect(order.slice(2)).toEqual(["_preUpdate", "preUpdateActor", "updateActor"]);
  });

  it("hands updateActor only what changed, with the document's _id", async () => {
    const gm = world.addClient(gmUser);
    let changed: Obj = {};
    gm.hooks.on("updateActor", (_a: unknown, c: Obj) => { changed = c; });
    await world.as(gm, () => actor.update({ system: { attributes: { hp: { value: 3, max: 10 } } } }));
    expect(changed).toEqual({ _id: "a", system: { attributes: { hp: { value: 3 } } } });
  });

  it("gives _onUpdate and updateActor one change per actor and, on each client, one options object for the batch (#handleUpdateDocuments)", async () => {
    world.addActor({ id: "b", name: "B", system: { attributes: { hp: { value: 10, max: 10 } } }, flags: {} });
    const gm = world.addClient(gmUser);
    const player = world.addClient(p1);
    const seen: { client: string; where: string; change: Obj; options: Obj }[] = [];
    world.onUpdate = (_a, change, options) => { seen.push({ client: world.active.user.id, where: "_onUpdate", change, options }); };
    for (const c of [gm, player]) c.hooks.on("updateActor", (_a: unknown, change: Obj, options: Obj) => { seen.push({ client: c.user.id, where: "hook", change, options }); });
    const options = { x: 1 };
    await world.as(gm, () => world.updateActors([{ _id: "a", "system.attributes.hp.value": 4 }, { _id: "b", "system.attributes.hp.value": 5 }], options));
    expect(seen.map((s) => `${s.client} ${s.where} ${String(s.change._id)}`)).toEqual(["gm _onUpdate a", "gm hook a", "gm _onUpdate b", "gm hook b", "p1 _onUpdate a", "p1 hook a", "p1 _onUpdate b", "p1 hook b"]);
    expect(seen[0]!.change).toBe(seen[1]!.change);
    expect(seen[0]!.change).not.toBe(seen[4]!.change);
    expect(new Set(seen.slice(0, 4).map((s) => s.options)).size).toBe(1);
    expect(seen[0]!.options).not.toBe(seen[4]!.options);
    expect(seen[0]!.options).not.toBe(options);
    expect(seen[0]!.options).toEqual(options);
  });

  it("world.as on the client whose globals are installed keeps them; another client's are installed, then put back", async () => {
    const gm = world.addClient(gmUser);
    const player = world.addClient(p1);
    const g = globalThis as unknown as { game: { user: UserDouble } };
    const installed = g.game;
    expect(world.as(gm, () => g.game)).toBe(installed);
    expect(world.as(player, () => g.game.user)).toBe(p1);
    expect(g.game.user).toBe(gmUser);
    world.systemId = "dnd5e";
    expect(world.as(gm, () => (globalThis as unknown as { dnd5e?: unknown }).dnd5e)).toBeDefined();
  });

  it("merges as Foundry does: dotted keys, -= deletions (also inside a new parent), == forced replacement", () => {
    const source: Obj = { a: { b: 1, c: 2 }, keep: 1 };
    merge(source, expand({ "a.b": 5, "n.-=gone": null, "n.x": 1, "==keep": { y: 1 }, "a.-=c": null }));
    expect(source).toEqual({ a: { b: 5 }, n: { x: 1 }, keep: { y: 1 } });
    expect(() => merge(source, { "-=a": 1 })).toThrow(/requires the value of that deletion key to be null/);
  });

  it("diffs as Foundry does: unchanged values drop out, deletions count only for present keys, arrays always count", () => {
    expect(diff({ a: { b: 1 }, l: [1] }, { a: { b: 1 }, "-=z": null, l: [1] })).toEqual({ l: [1] });
    expect(diff({ a: { b: 1 } }, { a: { b: 2 }, "-=a": null })).toEqual({ a: { b: 2 }, "-=a": null });
  });
});

describe("User#query (client/documents/user.mjs)", () => {
  it("needs the sender's QUERY_USER permission and an active recipient, and passes the payload and the answer through JSON", async () => {
    const gm = world.addClient(gmUser);
    const player = world.addClient(p1);
    let received: unknown;
    gm.config.queries["test.echo"] = async (data) => { received = data; return { at: new Date(0), s: new Set([1]) }; };
    player.config.queries["test.echo"] = gm.config.queries["test.echo"];
    const answer = await world.as(player, () => gmUser.query("test.echo", { s: new Set([1]), u: undefined, n: 1 }));
    expect(received).toEqual({ s: {}, n: 1 });
    expect(answer).toEqual({ at: "1970-01-01T00:00:00.000Z", s: {} });
    p1.permissions.QUERY_USER = false;
    await expect(world.as(player, () => gmUser.query("test.echo", {}))).rejects.toThrow("You do not have permission to query users");
    p1.permissions.QUERY_USER = true;
    gmUser.active = false;
    await expect(world.as(player, () => gmUser.query("test.echo", {}))).rejects.toThrow("User [gm] is not active");
  });
});
