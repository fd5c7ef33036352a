/**
 * Players damaging actors they do not own: the request goes to the active GM
 * over the module's socket (`relay/socket.ts`, the server names the sender), who validates
 * the payload, checks the requesting user, and applies it: ONE write (by the
 * GM), ONE card crediting the player. A refused, unanswered or GM-less request
 * tells the player why and writes nothing.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fastForward } from "./clock.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client, type UserDouble } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const hit = { parts: [{ amount: 5, types: ["fire"] }] };

let world: World;
let gmUser: UserDouble;
let playerUser: UserDouble;
let gm: Client & { api: ApiLike };
let player: Client & { api: ApiLike };
let goblin: ActorDouble;
let hero: ActorDouble;

beforeEach(async () => {
  world = new World();
  gmUser = world.addUser("gm", true);
  playerUser = world.addUser("p1", false);
  goblin = world.addActor({ id: "goblin", name: "Goblin", type: "npc", system: { attributes: { hp: { value: 20, max: 20 } } } });
  hero = world.addActor({ id: "hero", name: "Hero", system: { attributes: { hp: { value: 20, max: 20 } } }, ownership: { p1: 3 } });
  gm = await world.connect(gmUser);
  player = await world.connect(playerUser);
});

let requests = 0;
const id = () => `request-${++requests}-0000`;
const relay = (data: unknown) => world.relayFrom(data);

describe("GM relay", () => {
  it("the active GM applies a player's hit on a targeted NPC: one write by the GM, one card crediting the player", async () => {
    playerUser.targets.add({ actor: goblin });
    const outcome = await player.api.applyDamage([{ actor: goblin }], hit);
    await settle();
    expect(outcome.relayed).toBe(true);
    expect(hp(goblin)).toBe(15);
    expect(world.actorWrites()).toEqual([{ ids: ["goblin"], userId: "gm" }]);
    expect(world.messages.size).toBe(1);
    const card = world.messages.get(outcome.messageId!)!;
    expect(card.author.id).toBe("gm");
    expect((card.flags["damage-chain"] as { card: { applier: string } }).card.applier).toBe("p1");
  });

  it("refuses a player who neither targets nor may see the actor, and tells them why", async () => {
    await expect(player.api.applyDamage([{ actor: goblin }], hit)).rejects.toMatchObject({ name: "RelayError", key: "DAMAGECHAIN.Notify.RelayNotAllowed" });
    expect(player.notes.at(-1)).toEqual({ level: "warn", text: "The GM refused the request: p1 may not damage Goblin (target it first)." });
    expect(world.writes).toEqual([]);
    expect(hp(goblin)).toBe(20);
  });

  it("tells the player when no GM is connected, or the GM has not answered (yet)", async () => {
    playerUser.targets.add({ actor: goblin });
    gmUser.answers = false;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await expect(fastForward(() => player.api.applyDamage([{ actor: goblin }], hit))).rejects.toMatchObject({ key: "DAMAGECHAIN.Notify.RelayPending" });
    expect(player.notes.at(-1)!.text).toMatch(/^gm has not answered yet/);
    // The unanswered request is logged for the player's console with its id and the timeout (relay/client.ts).
    expect(warn.mock.calls).toEqual([["damage-chain | relay request", expect.any(String), "not answered:", expect.objectContaining({ message: expect.stringMatching(/^no answer from gm within \d+ ms$/) })]]);
    warn.mockRestore();
    gmUser.active = false;
    await expect(player.api.applyDamage([{ actor: goblin }], hit)).rejects.toMatchObject({ key: "DAMAGECHAIN.Notify.NoGM" });
    expect(player.notes.at(-1)!.text).toContain("No GM is connected");
    expect(world.writes).toEqual([]);
  });

  it("validates the payload and the requesting user on the GM side", async () => {
    expect(await relay({ kind: "apply", requestId: id(), userId: "p1", targets: [], event: hit })).toMatchObject({ ok: false, reason: "DAMAGECHAIN.Notify.RelayInvalid" });
    expect(await relay({ kind: "apply", requestId: id(), userId: "p1", targets: ["Actor.goblin"], event: { parts: [{ amount: "9" }] } })).toMatchObject({ ok: false, reason: "DAMAGECHAIN.Notify.RelayInvalid" });
    expect(await relay({ kind: "apply", requestId: id(), userId: "ghost", targets: ["Actor.goblin"], event: hit })).toMatchObject({ ok: false, reason: "DAMAGECHAIN.Notify.RelayForged" });
    expect(await relay({ kind: "apply", requestId: id(), userId: "p1", targets: ["Actor.nobody"], event: hit })).toMatchObject({ ok: false, reason: "DAMAGECHAIN.Notify.RelayNoTarget" });
    expect(await relay("drop table")).toMatchObject({ ok: false, reason: "DAMAGECHAIN.Notify.RelayInvalid" });
    // A request addressed to a player's client is not answered there (only GMs carry requests out).
    world.as(gm, () => gm.socket.emit("module.damage-chain", { type: "request", to: "p1", request: { kind: "apply", requestId: id(), userId: "gm", targets: ["Actor.goblin"], event: hit } }));
    await settle();
    expect(world.writes).toEqual([]);
  });

  it("a player damaging their own actor: the active GM writes it while connected (one writer), the player without a GM", async () => {
    const outcome = await player.api.applyDamage([{ actor: hero }], hit);
    await settle();
    expect(outcome.relayed).toBe(true);
    expect(world.actorWrites()).toEqual([{ ids: ["hero"], userId: "gm" }]);
    gmUser.active = false;
    const alone = await player.api.applyDamage([{ actor: hero }], hit);
    await settle();
    expect(alone.relayed).toBe(false);
    expect(world.actorWrites().at(-1)).toEqual({ ids: ["hero"], userId: "p1" });
    expect(world.messages.size).toBe(2);
  });

  it("the applying player may undo through the GM; a second undo does nothing", async () => {
    playerUser.targets.add({ actor: goblin });
    const outcome = await player.api.applyDamage([{ actor: goblin }], hit);
    expect(await player.api.undo(outcome.messageId!)).toBe("relayed");
    expect(hp(goblin)).toBe(20);
    const writes = world.writes.length;
    expect(await player.api.undo(outcome.messageId!)).toBe("already");
    expect(world.writes.length).toBe(writes);
  });
});
