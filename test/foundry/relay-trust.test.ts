/**
 * The GM relay cannot learn who sent a request (Foundry v13 queries carry no
 * sender: foundryvtt/foundryvtt#13418), so it limits what a request can do:
 * a request naming a GM is refused; an undo only reverts cards
 * the named user applied; a hit's profile is chosen only by the owner of every
 * target; targets are counted once; every request has an id and a repeat is
 * answered with the first result, never applied twice; an unanswered request
 * is "still pending", never "failed", so nobody retries into a double hit.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fastForward } from "./clock.ts";
import { readCard } from "./drawn.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client, type UserDouble } from "./double.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const hit = { parts: [{ amount: 5, types: ["fire"] }] };
const card = (id: string) => readCard(world.messages.get(id)!);

let world: World;
let gmUser: UserDouble;
let p1: UserDouble;
let gm: Awaited<ReturnType<World["connect"]>>;
let player: Client & { api: ApiLike };
let goblin: ActorDouble;

beforeEach(async () => {
  world = new World();
  gmUser = world.addUser("gm", true);
  p1 = world.addUser("p1", false);
  world.addUser("p2", false);
  goblin = world.addActor({ id: "goblin", name: "Goblin", type: "npc", system: { attributes: { hp: { value: 20, max: 20 } } }, ownership: { default: 1 } });
  gm = await world.connect(gmUser);
  player = await world.connect(p1);
  await world.connect(world.users.get("p2")!);
});

const relay = (data: unknown) => world.relayFrom(data) as Promise<{ ok: boolean; reason?: string; outcome?: { messageId: string; targets: unknown[] } }>;
const apply = (extra: object = {}) => ({ kind: "apply", requestId: "req-0000000001", userId: "p1", targets: ["Actor.goblin"], event: hit, ...extra });

describe("GM relay: what a forged request can do", () => {
  it("refuses a request that names a GM, for an apply and for an undo", async () => {
    expect(await relay(apply({ userId: "gm" }))).toMatchObject({ ok: false, reason: "DAMAGECHAIN.Notify.RelayForged" });
    const done = await relay(apply());
    expect(await relay({ kind: "undo", requestId: "req-0000000002", userId: "gm", messageId: done.outcome!.messageId })).toMatchObject({ ok: false, reason: "DAMAGECHAIN.Notify.RelayForged" });
    expect(hp(goblin)).toBe(15);
  });

  it("undoes only a card whose applier is the named user", async () => {
    const done = await relay(apply());
    expect(await relay({ kind: "undo", requestId: "req-0000000002", userId: "p2", messageId: done.outcome!.messageId })).toMatchObject({ ok: false, reason: "DAMAGECHAIN.Notify.UndoDenied" });
    expect(hp(goblin)).toBe(15);
    expect(await relay({ kind: "undo", requestId: "req-0000000003", userId: "p1", messageId: done.outcome!.messageId })).toMatchObject({ ok: true });
    expect(hp(goblin)).toBe(20);
  });

  it("applies a repeated request once and answers the repeat with the first result", async () => {
    const [first, again] = await Promise.all([relay(apply()), relay(apply())]);
    const later = await relay(apply());
    expect(hp(goblin)).toBe(15);
    expect(world.actorWrites()).toHaveLength(1);
    expect(world.messages.size).toBe(1);
    expect(again).toEqual(first);
    expect(later).toEqual(first);
  });

  it("refuses a request id reused for another request", async () => {
    await relay(apply());
    expect(await relay(apply({ event: { parts: [{ amount: 50, types: ["fire"] }] } }))).toMatchObject({ ok: false, reason: "DAMAGECHAIN.Notify.RelayInvalid" });
    expect(hp(goblin)).toBe(15);
  });

  it("counts a target named many times once: one write, one row on the card", async () => {
    const done = await relay(apply({ targets: Array.from({ length: 200 }, () => "Actor.goblin") }));
    expect(hp(goblin)).toBe(15);
    expect(done.outcome!.targets).toHaveLength(1);
    expect(card(done.outcome!.messageId).deltas).toHaveLength(1);
  });

  it("lets only the owner of every target choose the hit's profile", async () => {
    expect(await relay(apply({ profile: "layered-armor" }))).toMatchObject({ ok: false, reason: "DAMAGECHAIN.Notify.RelayProfile" });
    p1.targets.add({ actor: goblin });
    await expect(world.as(player, () => player.api.applyDamage([{ actor: goblin }], hit, { profile: "layered-armor" }))).rejects.toMatchObject({ key: "DAMAGECHAIN.Notify.RelayProfile" });
    expect(world.writes).toEqual([]);
  });

  it("records GM-side which actors a relayed card wrote", async () => {
    const done = await relay(apply());
    expect([...(gm.relay.relayedActors(done.outcome!.messageId) ?? [])]).toEqual(["Actor.goblin"]);
    expect(gm.relay.relayedActors("msg-unknown")).toBeUndefined();
  });
});

describe("GM relay: what the player is told", () => {
  it("an unanswered request is still pending, not failed, and names the GM", async () => {
    p1.targets.add({ actor: goblin });
    gmUser.answers = false;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await expect(fastForward(() => world.as(player, () => player.api.applyDamage([{ actor: goblin }], hit)))).rejects.toMatchObject({ name: "RelayError", key: "DAMAGECHAIN.Notify.RelayPending" });
    // The unanswered request is logged for the player's console with its id and the timeout (relay/client.ts).
    expect(warn.mock.calls).toEqual([["damage-chain | relay request", expect.any(String), "not answered:", expect.objectContaining({ message: expect.stringMatching(/^no answer from gm within \d+ ms$/) })]]);
    warn.mockRestore();
    expect(player.notes.at(-1)).toMatchObject({ level: "warn" });
    expect(player.notes.at(-1)!.text).toMatch(/^gm has not answered yet/);
  });

  it("a player without the Query User permission is told so; nothing is sent", async () => {
    p1.targets.add({ actor: goblin });
    p1.permissions.QUERY_USER = false;
    await expect(world.as(player, () => player.api.applyDamage([{ actor: goblin }], hit))).rejects.toMatchObject({ key: "DAMAGECHAIN.Notify.RelayNoPermission" });
    await settle();
    expect(world.writes).toEqual([]);
  });
});
