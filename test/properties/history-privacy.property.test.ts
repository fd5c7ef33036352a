/**
 * The damage history under hostile sequences: hits on random mixes of NPCs and
 * players' characters (random shares, saves as multipliers, names that are
 * prototype keys), under every card visibility, by the GM or relayed for a
 * player, then random undos, redos, forged relay requests naming other users,
 * player-written undo marks crediting a GM, GM hand-overs and reloads. After
 * every step:
 * - the GM's history has every target's row of every card (GM parts included);
 * - what each player receives (every message, and the history built from it)
 *   never names a hidden target, has no row, share or event index for one,
 *   so the number of hidden targets and their saves cannot be read;
 * - an undo is credited to a GM only when a GM carried it out.
 */
import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { damageHistory } from "../../src/foundry/apps/history.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "../foundry/double.ts";
import { params } from "./fuzz.ts";

type Api = Client & { api: ApiLike };
type Obj = Record<string, unknown>;

let world: World;
let cases = 0;
const clients = new Map<string, Api>();

beforeAll(async () => {
  world = new World();
  for (const [id, gm] of [["a-gm", true], ["b-gm", true], ["p1", false], ["p2", false]] as const) world.addUser(id, gm);
  for (const id of ["a-gm", "b-gm", "p1", "p2"]) clients.set(id, await world.connect(world.users.get(id)!));
});

/** Reload `id`'s client: the old one goes (its memory with it), a new one connects. */
async function reload(id: string): Promise<void> {
  const i = world.clients.findIndex((c) => c.user.id === id);
  if (i >= 0) world.clients.splice(i, 1);
  world.users.get(id)!.active = true;
  clients.set(id, await world.connect(world.users.get(id)!));
}

const activeGm = (): Api => clients.get(world.users.activeGM!.id)!;
const cardOf = (m: { flags: Obj }) => (m.flags["damage-chain"] as { card?: Obj } | undefined)?.card;

const targetArb = fc.record({
  npc: fc.boolean(),
  owner: fc.constantFrom("p1", "p2"),
  multiplier: fc.constantFrom(0, 0.5, 1, 2),
  fireOnly: fc.boolean(),
  name: fc.constantFrom("Hero", "__proto__", "constructor", "toString", "a.b", "-=x"),
});
const stepArb = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant("undo" as const), by: fc.constantFrom("gm", "p1", "p2") }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant("redo" as const), by: fc.constantFrom("gm", "p1", "p2") }) },
  // A request from one player naming another user (the other player, a GM, a prototype key, nobody).
  { weight: 2, arbitrary: fc.record({ op: fc.constant("forge" as const), as: fc.constantFrom("p1", "p2"), claims: fc.constantFrom("other", "a-gm", "b-gm", "__proto__", "") }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("markUndone" as const), by: fc.constantFrom("a-gm", "b-gm", "__proto__") }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("handover" as const) }) },
  // A reload connects a client anew (its modules loaded again): rarer, it is the slow step.
  { weight: 1, arbitrary: fc.record({ op: fc.constant("reload" as const), who: fc.constantFrom("a-gm", "p1") }) },
);
const arb = fc.record({
  visibility: fc.constantFrom("public", "hideNpc", "gm"),
  hits: fc.array(fc.record({ byPlayer: fc.constantFrom<"p1" | "p2" | undefined>(undefined, "p1", "p2"), targets: fc.array(targetArb, { minLength: 1, maxLength: 4 }) }), { minLength: 1, maxLength: 3 }),
  steps: fc.array(stepArb, { maxLength: 5 }),
});

it("the GM's history has every row; what a player receives has no trace of a hidden one; undos are credited as a GM says", async () => {
  await fc.assert(
    fc.asyncProperty(arb, async ({ visibility, hits, steps }) => {
      const n = ++cases;
      world.actors.clear();
      world.messages.clear();
      world.users.get("a-gm")!.active = true;
      world.users.get("b-gm")!.active = true;
      await world.setSetting("damage-chain.cardVisibility", visibility);
      await world.setSetting("damage-chain.undoRecords", {});
      const hidden = new Set<string>(); // uuids and marker names players must never receive
      const cards: { id: string; uuids: string[] }[] = [];
      const gmUndos = new Set<string>();
      let k = 0;
      for (const hit of hits) {
        // A player may hit only characters they own; the GM anyone.
        const chosen = hit.byPlayer === undefined ? hit.targets : hit.targets.filter((t) => !t.npc && t.owner === hit.byPlayer);
        if (chosen.length === 0) continue;
        const actors = chosen.map((t) => {
          const id = `c${n}x${++k}y`; // closed by "y": no id is the start of another (c1x1y, c1x10y)
          const actor: ActorDouble = t.npc
            ? world.addActor({ id, name: `Secret${id}`, type: "npc", system: { attributes: { hp: { value: 50, max: 50 } } } })
            : world.addActor({ id, name: t.name, type: "character", ownership: { [t.owner]: 3 }, system: { attributes: { hp: { value: 50, max: 50 } } } });
          if (t.npc && visibility !== "public") hidden.add(actor.uuid).add(`Secret${id}`);
          if (visibility === "gm") hidden.add(actor.uuid);
          return { target: actor, multiplier: t.multiplier, ...(t.fireOnly ? { parts: [0] } : {}) };
        });
        const by = hit.byPlayer === undefined ? activeGm() : clients.get(hit.byPlayer)!;
        const out = await world.as(by, () => by.api.applyDamage(actors as never, { parts: [{ amount: 9, types: ["fire"] }, { amount: 5, types: ["cold"] }], label: "Storm" }));
        await settle();
        if (out.messageId !== null) cards.push({ id: out.messageId, uuids: actors.map((a) => a.target.uuid) });
      }
      const check = () => {
        const gm = activeGm();
        const mine = world.as(gm, () => damageHistory([...world.messages.values()].filter((m) => m.visibleTo(gm.user)) as never[], 2000));
        for (const card of cards) {
          const entry = mine.find((e) => e.kind === "hit" && e.messageId === card.id);
          expect(entry?.targets.map((t) => t.uuid).sort()).toEqual([...card.uuids].sort());
        }
        for (const undo of mine.filter((e) => e.kind === "undo")) {
          if (world.users.get(undo.applierId)?.isGM === true) expect(gmUndos.has(undo.messageId)).toBe(true);
        }
        for (const p of ["p1", "p2"]) {
          const user = world.users.get(p)!;
          const received = [...world.messages.values()].filter((m) => m.visibleTo(user));
          const text = JSON.stringify(received.map((m) => [m.content, m.flags])) + JSON.stringify(world.as(clients.get(p)!, () => damageHistory(received as never[], 2000)));
          for (const h of hidden) expect(text).not.toContain(h);
          // No row, share or event index for a hidden target: each message's redo rows are its own undo rows.
          for (const m of received) {
            const card = cardOf(m);
            const rows = (card?.hit as { rows?: unknown[] } | undefined)?.rows;
            const undoRows = (card?.undo as { rows?: unknown[] } | undefined)?.rows;
            if (rows !== undefined) expect(rows.length).toBeLessThanOrEqual(undoRows?.length ?? 0);
          }
        }
      };
      check();
      for (const [i, s] of steps.entries()) {
        const card = cards[i % Math.max(1, cards.length)];
        if (s.op === "handover") {
          const a = world.users.get("a-gm")!;
          a.active = !a.active;
        } else if (s.op === "reload") await reload(s.who);
        else if (card !== undefined && (s.op === "undo" || s.op === "redo")) {
          const c = s.by === "gm" ? activeGm() : clients.get(s.by)!;
          const result = await world.as(c, () => (s.op === "undo" ? c.api.undo(card.id) : c.api.redo(card.id)).then((r) => r, () => "threw"));
          if (s.op === "undo" && (result === "reverted" || result === "relayed")) gmUndos.add(card.id);
        } else if (card !== undefined && s.op === "forge") {
          const event = { parts: [{ amount: 3 }] };
          const answer = (await world.relayAs(clients.get(s.as)!, { kind: "undo", requestId: `forge-${n}-${i}`, userId: s.claims === "other" ? (s.as === "p1" ? "p2" : "p1") : s.claims, messageId: card.id, event })) as { ok: boolean };
          expect(answer.ok).toBe(false);
        } else if (card !== undefined && s.op === "markUndone") {
          // What a player may write on a card they posted: an undo mark crediting someone else.
          const m = world.messages.get(card.id)!;
          if (!m.author.isGM) await world.as(clients.get(m.author.id)!, () => m.update({ "flags.damage-chain.card.reverted": true, "flags.damage-chain.card.undone": { at: Date.now(), by: s.by } }));
        }
        await settle();
        check();
      }
    }),
    params(25),
  );
}, 3_600_000);
