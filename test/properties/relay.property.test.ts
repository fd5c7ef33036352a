/**
 * Relay payloads sent to the active GM's handler as a
 * player's client would (through JSON), with a second GM client connected:
 * - robustness: any JSON value, and near-valid requests with random fields,
 *   is answered, never thrown; a refusal carries a lang key and writes nothing;
 * - authorization: random ownership per player, random requests, each sent
 *   from a random player's connection while naming a random user (the
 *   server names the sender). An apply is carried out exactly when
 *   the named user is the player who sent it and may see every target (and
 *   owns every target when the request names a profile); each target is
 *   then written once, whatever the duplicates. An undo is carried out only
 *   for the card's own applier, sent by them. A repeated request is answered
 *   with the first answer and never carried out twice.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { World, type ActorDouble, type Client } from "../foundry/double.ts";
import { params } from "./fuzz.ts";

type Answer = { ok: boolean; reason?: string; params?: Record<string, unknown>; outcome?: { messageId: string | null } };
const PLAYERS = ["p1", "p2", "p3"] as const;
const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number } }).hp.value;

let world: World;
const clients = new Map<string, Client>();
let cases = 0;

beforeAll(async () => {
  world = new World();
  world.addUser("gm", true);
  world.addUser("gm2", true);
  for (const p of PLAYERS) world.addUser(p, false);
  world.addUser("away", false).active = false;
  await world.connect(world.users.get("gm")!);
  await world.connect(world.users.get("gm2")!);
  for (const p of PLAYERS) clients.set(p, await world.connect(world.users.get(p)!));
  await world.setSetting("damage-chain.undoByApplier", true);
});

/** Send `data` over the module's socket to the active GM (as JSON) from the client of the user it names, or from p1's. */
const relay = (data: unknown): Promise<Answer> => world.relayFrom(JSON.parse(JSON.stringify(data) ?? "null")) as Promise<Answer>;
/** Send `data` from `sender`'s connection, whatever user it names. */
const relayAs = (sender: string, data: unknown): Promise<Answer> => world.relayAs(clients.get(sender)!, data) as Promise<Answer>;

/** Three fresh actors at 100 HP, `levels[i][p]` the ownership of player p (0 none … 3 owner). */
function freshActors(levels: number[][]): ActorDouble[] {
  world.actors.clear();
  world.messages.clear();
  world.writes.length = 0;
  const n = ++cases;
  return levels.map((lv, i) =>
    world.addActor({ id: `a${n}x${i}`, name: `A${i}`, type: "npc", system: { attributes: { hp: { value: 100, max: 100 } } }, ownership: Object.fromEntries(PLAYERS.map((p, j) => [p, lv[j]!])) }),
  );
}

const refusal = (a: Answer) => {
  expect(a.ok).toBe(false);
  expect(a.reason).toMatch(/^DAMAGECHAIN\.Notify\.[A-Za-z]+$/);
  for (const v of Object.values(a.params ?? {})) expect(typeof v).toBe("string");
};

const idArb = fc.stringMatching(/^[A-Za-z0-9]{16}$/);
const uuidArb = fc.constantFrom("Actor.a0", "Actor.nope", "", "Actor.a1", "Scene.x.Token.y");
const nearValid = fc.record(
  {
    kind: fc.constantFrom("apply", "undo", "notes", "heal", 3),
    requestId: fc.oneof(idArb, fc.string()),
    userId: fc.constantFrom("gm", "gm2", "p1", "p2", "away", "nobody", ""),
    targets: fc.oneof(fc.array(uuidArb, { maxLength: 5 }), fc.jsonValue()),
    event: fc.oneof(fc.jsonValue(), fc.record({ parts: fc.array(fc.record({ amount: fc.integer({ min: -5, max: 20 }), types: fc.array(fc.constantFrom("fire", "x.y", "")) }), { maxLength: 3 }) })),
    profile: fc.constantFrom("revised-4e", "nope", 5),
    // Each target's share: lists of any shape, uuids not targeted, bad multipliers and part indexes, prototype keys.
    shares: fc.oneof(
      fc.jsonValue(),
      fc.array(fc.record({ uuid: fc.oneof(uuidArb, fc.constantFrom("__proto__", "constructor")), share: fc.oneof(fc.jsonValue(), fc.record({ multiplier: fc.oneof(fc.double(), fc.constantFrom(0, 0.5, 2, -1, 1e9)), parts: fc.array(fc.integer({ min: -2, max: 70 }), { maxLength: 3 }) }, { requiredKeys: [] })) }, { requiredKeys: [] }), { maxLength: 3 }),
    ),
    messageId: fc.oneof(fc.string(), fc.constant("msg")),
    extra: fc.jsonValue(),
  },
  { requiredKeys: ["kind"] },
);

describe("relay payloads: robustness", () => {
  it("any JSON payload is answered, never thrown; a refusal names a lang key and writes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), nearValid), async (payload) => {
        const actors = freshActors([[1, 1, 0], [3, 0, 0]]);
        // The near-valid payloads name `Actor.a0`/`Actor.a1`: point them at this case's actors.
        const text = JSON.stringify(payload) ?? "null";
        const data: unknown = JSON.parse(text.replaceAll("Actor.a0", actors[0]!.uuid).replaceAll("Actor.a1", actors[1]!.uuid));
        const answer = await relay(data);
        expect(typeof answer.ok).toBe("boolean");
        if (!answer.ok) {
          refusal(answer);
          expect(world.actorWrites()).toEqual([]);
          expect(actors.map(hp)).toEqual([100, 100]);
        }
      }),
      params(200),
    );
  }, 3_600_000);
});

const levelsArb = fc.array(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 3 }), { minLength: 3, maxLength: 3 });
const requestArb = fc.record({
  sender: fc.constantFrom(...PLAYERS),
  user: fc.constantFrom("p1", "p2", "p3", "gm", "away"),
  undoSender: fc.constantFrom(...PLAYERS),
  targets: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 6 }),
  profile: fc.option(fc.constantFrom("revised-4e", "tags-and-guard"), { nil: undefined }),
  undoer: fc.constantFrom("p1", "p2", "p3", "gm"),
  /** One target saved for half: its index, or none. */
  half: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
});

describe("relay payloads: authorization", () => {
  it("an apply is carried out exactly when the named player may, each target once; undo only by the applier; repeats once", async () => {
    await fc.assert(
      fc.asyncProperty(levelsArb, requestArb, idArb, async (levels, req, id) => {
        const actors = freshActors(levels);
        const requestId = `c${cases}-${id}`; // ids are remembered GM-side for the whole run: one per case
        const player = PLAYERS.indexOf(req.user as (typeof PLAYERS)[number]);
        const named = [...new Set(req.targets)];
        const allowed = req.sender === req.user && player >= 0 && named.every((i) => levels[i]![player]! >= 1) && (req.profile === undefined || named.every((i) => levels[i]![player]! >= 3));
        const halfShare = req.half !== undefined && named.includes(req.half) ? [{ uuid: actors[req.half]!.uuid, share: { multiplier: 0.5 } }] : undefined;
        const apply = { kind: "apply", requestId, userId: req.user, targets: req.targets.map((i) => actors[i]!.uuid), event: { parts: [{ amount: 5 }] }, ...(req.profile === undefined ? {} : { profile: req.profile }), ...(halfShare === undefined ? {} : { shares: halfShare }) };
        const answer = await relayAs(req.sender, apply);
        if (req.sender !== req.user) expect(answer.reason).toBe("DAMAGECHAIN.Notify.RelayForged");
        // 5 points each; a target saved for half takes 2 (half of 5, rounded down once).
        const expected = actors.map((_, i) => (allowed && named.includes(i) ? (halfShare !== undefined && req.half === i ? 98 : 95) : 100));
        if (answer.ok !== allowed) throw new Error(JSON.stringify(answer));
        expect(actors.map(hp)).toEqual(expected);
        if (!allowed) {
          refusal(answer);
          expect(world.actorWrites()).toEqual([]);
          return;
        }
        const written = world.actorWrites().flatMap((w) => w.ids);
        expect(written.sort()).toEqual(named.map((i) => actors[i]!.id).sort());
        // The same request again: the first answer, nothing more written.
        expect(await relayAs(req.sender, apply)).toEqual(answer);
        expect(actors.map(hp)).toEqual(expected);
        // An undo: only by the card's applier.
        const undo = await relayAs(req.undoSender, { kind: "undo", requestId: `${requestId}u`, userId: req.undoer, messageId: answer.outcome!.messageId });
        expect(undo.ok).toBe(req.undoer === req.user && req.undoSender === req.undoer);
        expect(actors.map(hp)).toEqual(undo.ok ? [100, 100, 100] : expected);
      }),
      params(200),
    );
  }, 3_600_000);
});
