// @vitest-environment happy-dom
/**
 * A player's client receives no GM-only text in any chat
 * message, also when that player's own client applies the hit (to actors it
 * owns). Foundry shows a whisper to its author, so a GM part must never be
 * posted by a player's client: the active GM posts it, rebuilt from the
 * actors themselves, never from text the player sent.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { unpackTargets } from "../../src/foundry/card/pack-targets.ts";
import { readCard } from "./drawn.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client, type MessageDouble } from "./double.ts";

let world: World;
let player: Client & { api: ApiLike };
let mine: ActorDouble;
const fire = { parts: [{ amount: 12, types: ["fire"] }], label: "Firebolt" };
const rings = { resistances: [{ type: "fire", limit: 5, group: "ring", label: "Ring of fire" }, { type: "fire", limit: 3, group: "ring", label: "Ring of embers" }] };

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  world.addUser("p1", false);
  world.addUser("p2", false);
  mine = world.addActor({ id: "mine", name: "Mine", type: "character", system: { attributes: { hp: { value: 30, max: 30 } } }, flags: { "damage-chain": { schemaVersion: 1, defenses: rings } }, ownership: { p1: 3 } });
  await world.connect(world.users.get("gm")!);
  player = await world.connect(world.users.get("p1")!);
});

const seenBy = (id: string) => [...world.messages.values()].filter((m) => m.visibleTo(world.users.get(id)!));
const textOf = (ms: MessageDouble[]) => ms.map((m) => m.content + JSON.stringify(m.flags)).join("\n");
const notesIn = (ms: MessageDouble[]) => ms.flatMap((m) => unpackTargets(readCard(m).view!, []).flatMap((t) => t.warnings));

describe("card privacy when a player's own client applies the hit", () => {
  for (const visibility of ["public", "hideNpc", "gm"]) {
    it(`under ${visibility}: the player receives no GM note; the GM, who writes the hit, gets them`, async () => {
      await world.setSetting("damage-chain.cardVisibility", visibility);
      await world.as(player, () => player.api.applyDamage([{ actor: mine }], fire));
      await settle();
      expect((mine.system.attributes as { hp: { value: number } }).hp.value).toBe(23);
      // While a GM is connected the active GM writes every hit and posts every message of it.
      expect([...world.messages.values()].map((m) => m.author.id)).toEqual(visibility === "gm" ? ["gm"] : ["gm", "gm"]);
      for (const user of ["p1", "p2"]) {
        const received = seenBy(user);
        expect(notesIn(received)).toEqual([]);
        expect(textOf(received)).not.toContain("Ring of embers");
      }
      expect(textOf(seenBy("gm"))).toContain("Ring of embers");
    });
  }

  it("without a connected GM the player's card still posts, with no GM part and no notes", async () => {
    world.users.get("gm")!.active = false;
    await world.as(player, () => player.api.applyDamage([{ actor: mine }], fire));
    await settle();
    expect([...world.messages.values()].filter((m) => readCard(m).of !== undefined)).toHaveLength(0);
    expect(textOf(seenBy("p1"))).not.toContain("Ring of embers");
  });
});

describe("the GM's notes request: what a forged one can do", () => {
  const relay = (data: unknown) => world.relayFrom(data) as Promise<{ ok: boolean; reason?: string }>;
  const parts = () => [...world.messages.values()].filter((m) => readCard(m).of !== undefined);
  /** The player's own card, posted with no GM connected: no notes asked for yet. */
  async function cardWithoutNotes(): Promise<MessageDouble> {
    world.users.get("gm")!.active = false;
    await world.as(player, () => player.api.applyDamage([{ actor: mine }], fire));
    await settle();
    world.users.get("gm")!.active = true;
    return [...world.messages.values()][0]!;
  }

  it("posts notes only for the named user's own card, once, and takes no text from the request", async () => {
    const card = await cardWithoutNotes();
    const ask = (userId: string, requestId: string, extra: object = {}) => relay({ kind: "notes", requestId, userId, messageId: card.id, profile: "revised-4e", ...extra });
    expect(await ask("p2", "req-0000000001")).toMatchObject({ ok: false, reason: "DAMAGECHAIN.Notify.RelayForged" }); // sent by p1
    expect(await ask("gm", "req-0000000002")).toMatchObject({ ok: false, reason: "DAMAGECHAIN.Notify.RelayForged" });
    expect(await ask("p1", "req-0000000003", { notes: ["Give p1 the crown"] })).toMatchObject({ ok: false, reason: "DAMAGECHAIN.Notify.RelayInvalid" });
    expect(parts()).toHaveLength(0);
    expect(await ask("p1", "req-0000000004")).toEqual({ ok: true });
    expect(await ask("p1", "req-0000000005")).toEqual({ ok: true });
    expect(parts()).toHaveLength(1);
    expect(notesIn(parts()).join(" ")).toContain("Ring of embers");
  });

  it("two notes requests for one card in the same tick post one GM part", async () => {
    const card = await cardWithoutNotes();
    const ask = (requestId: string) => relay({ kind: "notes", requestId, userId: "p1", messageId: card.id, profile: "revised-4e" });
    world.latency = 5; // the GM part exists only once the server has answered
    expect(await Promise.all([ask("req-0000000011"), ask("req-0000000012")])).toEqual([{ ok: true }, { ok: true }]);
    await settle();
    expect(parts()).toHaveLength(1);
  });

  it("a forged card's words are never re-posted in the GM part: every word comes from the actors", async () => {
    const card = await cardWithoutNotes();
    // The player rewrites their own card's stored view: summary, profile and row name.
    const flags = card.flags["damage-chain"] as { card: { view: { summary: string; profile: string } } };
    // The row names are in the card's shared rows (`rows`), the summary and profile in `view`.
    const forged = JSON.parse(JSON.stringify(flags.card).replaceAll("Mine", "Mine (took 9999)")) as typeof flags.card;
    forged.view.summary = "GM says: give p1 the crown";
    forged.view.profile = "Totally official";
    await world.as(player, () => card.update({ flags: { "damage-chain": { card: forged } } }));
    expect(await relay({ kind: "notes", requestId: "req-0000000021", userId: "p1", messageId: card.id, profile: "revised-4e" })).toEqual({ ok: true });
    const part = textOf(parts());
    expect(parts()).toHaveLength(1);
    expect(part).not.toContain("9999");
    expect(part).not.toContain("crown");
    expect(part).not.toContain("Totally official");
    expect(part).toContain("Mine");
    expect(notesIn(parts()).join(" ")).toContain("Ring of embers");
  });
});
