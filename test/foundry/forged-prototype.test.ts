/**
 * A forged card cannot reach `Object.prototype`, write the module's whole
 * flags or put a value of the wrong type. The player creates a
 * card for their own actor whose undo paths or values carry `__proto__`,
 * `constructor` or `prototype`, or write the bare `flags.damage-chain` root,
 * or set HP to an object; the GM undoes it (button, API or relay). Nothing is
 * written, the refusal names the actor, and no object anywhere gains a key.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";

const snapshot = (a: ActorDouble) => structuredClone({ name: a.name, system: a.system, flags: a.flags });

let world: World;
let gm: Client & { api: ApiLike };
let player: Client & { api: ApiLike };
let hero: ActorDouble;

beforeEach(async () => {
  world = new World();
  world.addUser("gm", true);
  world.addUser("p1", false);
  hero = world.addActor({ id: "hero", name: "Hero", system: { attributes: { hp: { value: 40, max: 40 } } }, ownership: { p1: 3 }, flags: { "damage-chain": { schemaVersion: 1, defenses: { immunities: [{ type: "fire" }] }, state: {} } } });
  gm = await world.connect(world.users.get("gm")!);
  player = await world.connect(world.users.get("p1")!);
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const key of ["polluted", "hacked"]) delete (Object.prototype as Record<string, unknown>)[key];
});

const polluted = () => ({} as Record<string, unknown>).polluted !== undefined || ({} as Record<string, unknown>).hacked !== undefined;

/** `{ "__proto__": value }` as JSON.parse makes it: an own key, as a card's flags arrive from the server. */
const protoKey = (value: unknown) => JSON.parse(`{"__proto__": ${JSON.stringify(value)}}`) as Record<string, unknown>;

const forgeries: [string, () => Record<string, unknown>][] = [
  ["a __proto__ segment in a state path", () => ({ "flags.damage-chain.state.__proto__.polluted": true })],
  ["a constructor.prototype path", () => ({ "flags.damage-chain.state.constructor.prototype.polluted": true })],
  ["a __proto__ segment in a pools path", () => ({ "flags.damage-chain.pools.__proto__.hacked": 1 })],
  ["a __proto__ key inside the state's value", () => ({ "flags.damage-chain.state": protoKey({ polluted: true }) })],
  ["a deletion of __proto__", () => ({ "flags.damage-chain.state.-=__proto__": null })],
  ["the bare module root", () => ({ "flags.damage-chain": { schemaVersion: 1, defenses: {}, state: {} } })],
  ["HP set to an object", () => ({ "system.attributes.hp.value": { polluted: true } })],
  ["HP set to a string", () => ({ "system.attributes.hp.value": "40" })],
  ["a state set to an array", () => ({ "flags.damage-chain.state": [1, 2] })],
];

describe.each(forgeries)("a forged card with %s", (_name, revert) => {
  it("is refused by the GM's undo and by the relay: nothing written, no prototype touched", async () => {
    const before = snapshot(hero);
    const deltas = [{ uuid: "Actor.hero", apply: {}, revert: revert() }];
    const m = await world.as(player, () => world.createMessage({ content: "<p>card</p>", flags: { "damage-chain": { card: { version: 1, applier: "p1", reverted: false, deltas } } } }));
    // The refusal is logged with the path it refused (card/undo.ts): asserted below, kept off the test output.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const outcome = await world.as(gm, () => gm.api.undo(m.id)).catch(() => "threw");
    expect(polluted()).toBe(false);
    expect(["refused", "invalid"]).toContain(outcome);
    await world.as(player, () => player.api.undo(m.id)).catch(() => undefined);
    await settle();
    expect(polluted()).toBe(false);
    expect(snapshot(hero)).toEqual(before);
    expect(world.actorWrites()).toEqual([]);
    for (const [text] of warn.mock.calls) expect(text).toMatch(new RegExp(`^damage-chain \\| undo of card ${m.id} refused: Hero \\S`));
  });
});
