/**
 * Redo under hostile sequences: a hit on NPCs and a player's hero (random
 * shares, random visibility, applied by the GM or relayed for the player),
 * undone, then random redos from the player's client, the active GM's and
 * another GM's (one after another: the double switches one client's globals at a time;
 * same-tick redos are `test/foundry/redo-once.test.ts`), with the card's redo data sometimes made
 * bad (a part index the event lacks) or its `redone` mark wiped. Whatever the
 * sequence: at most one redo is carried out, on at most one redo card; when
 * it is, every target is back where the first hit left it; when it is not,
 * every target is where the undo left it (nothing half done).
 */
import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "../foundry/double.ts";
import { params } from "./fuzz.ts";
import { toVersion2 } from "../foundry/v2-card.ts";

type Obj = Record<string, unknown>;
type Api = Client & { api: ApiLike };
const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;
const cardOf = (world: World, id: string) => (world.messages.get(id)!.flags["damage-chain"] as { card: Obj }).card;

let world: World;
let gm: Api;
let gm2: Api;
let player: Api;
let cases = 0;

beforeAll(async () => {
  world = new World();
  world.addUser("gm", true);
  world.addUser("gm2", true);
  world.addUser("p1", false);
  gm = await world.connect(world.users.get("gm")!);
  gm2 = await world.connect(world.users.get("gm2")!);
  player = await world.connect(world.users.get("p1")!);
});

const step = fc.oneof(
  fc.record({ kind: fc.constant("redo" as const), by: fc.constantFrom("player", "gm", "gm2") }),
  fc.record({ kind: fc.constant("wipe" as const) }),
);
const arb = fc.record({
  visibility: fc.constantFrom("public", "hideNpc", "gm"),
  byPlayer: fc.boolean(),
  npcs: fc.array(fc.record({ multiplier: fc.constantFrom(0, 0.5, 1, 2), fireOnly: fc.boolean() }), { minLength: 0, maxLength: 3 }),
  bad: fc.option(fc.constantFrom(1.5, 2, 64, 1000, -1), { nil: undefined }),
  steps: fc.array(step, { minLength: 1, maxLength: 5 }),
});

it("a redo is carried out at most once, whole or not at all", async () => {
  await fc.assert(
    fc.asyncProperty(arb, async ({ visibility, byPlayer, npcs, bad, steps }) => {
      world.actors.clear();
      world.messages.clear();
      await world.setSetting("damage-chain.cardVisibility", visibility);
      const n = ++cases;
      const hero = world.addActor({ id: `hero${n}`, name: "Hero", type: "character", ownership: { p1: 3 }, system: { attributes: { hp: { value: 100, max: 100 } } } });
      const foes = npcs.map((_, i) => world.addActor({ id: `npc${n}-${i}`, name: `Npc ${i}`, type: "npc", system: { attributes: { hp: { value: 100, max: 100 } } } }));
      const event = { parts: [{ amount: 11, types: ["fire"] }, { amount: 7, types: ["cold"] }], label: "Storm" };
      // The player may hit only their own hero; the GM hits everyone, each NPC with its share.
      const targets = byPlayer ? [hero] : [hero, ...foes.map((target, i) => ({ target, multiplier: npcs[i]!.multiplier, ...(npcs[i]!.fireOnly ? { parts: [0] } : {}) }))];
      const applier = byPlayer ? player : gm;
      const hit = await world.as(applier, () => applier.api.applyDamage(targets as never, event));
      await settle();
      const all = [hero, ...(byPlayer ? [] : foes)];
      const after = all.map(hp);
      const id = hit.messageId!;
      expect(await world.as(gm, () => gm.api.undo(id))).toBe("reverted");
      await settle();
      expect(all.map(hp)).toEqual(all.map(() => 100));
      if (bad !== undefined) {
        // A forged redo row, written in the card's version 2 form (cards before rows were shared are still redone).
        toVersion2(world.messages.get(id)!);
        const data = cardOf(world, id).hit as { rows: number[][] };
        data.rows[0] = [0, 1, bad];
      }
      const redo = (c: Api) => world.as(c, () => c.api.redo(id).then((r) => r.result, () => "threw"));
      const clients = { player, gm, gm2 } as const;
      const results: string[] = [];
      for (const s of steps) {
        if (s.kind === "redo") results.push(await redo(clients[s.by]));
        else delete cardOf(world, id).redone; // what a player can do to a card they own
        await settle();
      }
      const redone = results.filter((r) => r === "redone").length;
      const redoCards = [...world.messages.values()].filter((m) => (m.flags["damage-chain"] as { card?: { redoOf?: string } } | undefined)?.card?.redoOf === id);
      expect(redone).toBeLessThanOrEqual(1);
      expect(redoCards).toHaveLength(redone);
      expect(all.map(hp)).toEqual(redone === 1 ? after : all.map(() => 100));
      if (bad !== undefined) expect(redone).toBe(0);
    }),
    params(40),
  );
}, 3_600_000);
