/**
 * Forged chat cards: a player creates a card for their own
 * actor (and one they may not damage) whose deltas carry random card paths
 * with prototype keys put in anywhere, values of the wrong type, and values
 * whose keys reach a prototype; the GM undoes it. Whatever the card says:
 * `Object.prototype`, `Function.prototype` and `Array.prototype` gain nothing,
 * the undo answers (never throws), a card that carries a prototype key, the
 * bare root `flags.damage-chain` or a resource value that is not a number is
 * refused and changes nothing, and the actors' flags always read back.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { defenderStateSchema } from "../../src/core/model/defender.ts";
import { readStored } from "../../src/core/stored.ts";
import { World, type ActorDouble, type ApiLike, type Client } from "../foundry/double.ts";
import { cardUpdateArb, PROTOTYPE_KEYS } from "./arbitraries.ts";
import { params } from "./fuzz.ts";

let world: World;
let gm: Client & { api: ApiLike };
let player: Client & { api: ApiLike };

beforeAll(async () => {
  world = new World();
  world.addUser("gm", true);
  world.addUser("p1", false);
  gm = await world.connect(world.users.get("gm")!);
  player = await world.connect(world.users.get("p1")!);
});

const PROTOTYPES = [Object.prototype, Function.prototype, Array.prototype];
const members = () => PROTOTYPES.map((p) => Reflect.ownKeys(p).map(String).sort());
const stripped = (k: string) => (k.startsWith("-=") || k.startsWith("==") ? k.slice(2) : k);
const protoKey = (k: string) => (PROTOTYPE_KEYS as readonly string[]).map(stripped).includes(stripped(k));
/** True when a path or any key inside a value (as JSON gives them) is a prototype key: computed here, independently of the module. */
function carriesPrototypeKey(update: Record<string, unknown>): boolean {
  const inValue = (v: unknown): boolean => typeof v === "object" && v !== null && Object.keys(v).some((k) => protoKey(k) || inValue((v as Record<string, unknown>)[k]));
  return Object.keys(update).some((p) => p.split(".").some(protoKey) || inValue(update[p]));
}
const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: unknown } }).hp.value;
const snapshot = (a: ActorDouble) => JSON.stringify({ system: a.system, flags: a.flags });

function freshActors(): ActorDouble[] {
  world.actors.clear();
  world.messages.clear();
  const flags = { "damage-chain": { schemaVersion: 1, defenses: { prevention: [{ id: "ward", kind: "oneTime", uses: 2, types: ["cold"] }] }, state: defenderStateSchema.parse({ oneTimeUses: { ward: 1 }, counters: 2 }) } };
  return [
    world.addActor({ id: "hero", name: "Hero", system: { attributes: { hp: { value: 40, max: 40 } } }, ownership: { p1: 3 }, flags }),
    world.addActor({ id: "dragon", name: "Dragon", type: "npc", system: { attributes: { hp: { value: 300, max: 300 } } }, flags }),
  ];
}

const deltaArb = fc.record({ uuid: fc.constantFrom("Actor.hero", "Actor.hero", "Actor.dragon"), apply: cardUpdateArb, revert: cardUpdateArb });

describe("forged cards with prototype keys, wrong types and the bare root", () => {
  it("never reach a prototype; are refused and change nothing when they carry one; leave readable flags", async () => {
    const clean = members();
    // Each refusal of a path is logged with it (card/undo.ts): asserted per card below, kept off the test output.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await fc.assert(
      fc.asyncProperty(fc.array(deltaArb, { minLength: 1, maxLength: 3 }), async (deltas) => {
        const actors = freshActors();
        const before = actors.map(snapshot);
        const message = await world.as(player, () => world.createMessage({ content: "<p>card</p>", flags: { "damage-chain": { card: { version: 1, applier: "p1", reverted: false, deltas } } } }));
        warn.mockClear();
        const result = await world.as(gm, () => gm.api.undo(message.id));
        for (const [text] of warn.mock.calls) expect(text).toMatch(new RegExp(`^damage-chain \\| undo of card ${message.id} refused: (Hero|Dragon) \\S`));
        if (warn.mock.calls.length > 0) expect(result).toBe("refused");
        expect(members()).toEqual(clean);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(["refused", "reverted"]).toContain(result);
        const mustRefuse = deltas.some((d) => carriesPrototypeKey(d.apply) || carriesPrototypeKey(d.revert) || "flags.damage-chain" in d.revert || ("system.attributes.hp.value" in d.revert && !(typeof d.revert["system.attributes.hp.value"] === "number" && Number.isFinite(d.revert["system.attributes.hp.value"]))) || (d.uuid === "Actor.dragon" && Object.keys(d.revert).length > 0));
        if (mustRefuse) {
          expect(result).toBe("refused");
          expect(actors.map(snapshot)).toEqual(before);
        }
        for (const a of actors) {
          expect(readStored(a.flags["damage-chain"]).ok).toBe(true);
          expect(Number.isFinite(hp(a))).toBe(true);
        }
      }),
      params(200),
    ).finally(() => warn.mockRestore());
  }, 3_600_000);
});
