/**
 * A pf2e world for the pf2e adapter's tests: a fresh world with the pf2e
 * double (`pf2e-double.ts`, pf2e 85f6ef2) and a GM before each test, and the
 * readings those tests share. `world` and `gm` are live bindings: each test
 * sees the world its `beforeEach` made.
 */
import { beforeEach } from "vitest";
import { settle, World, type ActorDouble, type ApiLike, type Client, type MessageDouble } from "./double.ts";
import { applyDamagePf2e, damageRoll, usePf2e, type IwrEntry } from "./pf2e-double.ts";
import { cardFlags } from "../../src/foundry/card/flags.ts";

export let world: World;
export let gm: Client & { api: ApiLike };

/** Make a fresh pf2e world with a GM user before each test of the calling file. */
export function usePf2eWorld(): void {
  beforeEach(() => {
    world = new World();
    usePf2e(world);
    world.addUser("gm", true);
  });
}

/** Connect the GM's client (loads the module). */
export const connect = async (): Promise<Client & { api: ApiLike }> => (gm = (await world.connect(world.users.get("gm")!)) as typeof gm);
/** The actor's pf2e hit points. */
export const hp = (a: ActorDouble) => (a.system.attributes as { hp: { value: number; temp: number } }).hp;
/** The world's Damage Chain cards. */
export const chainCards = (): MessageDouble[] => [...world.messages.values()].filter((m) => cardFlags(m as unknown as ChatMessage.Implementation) !== undefined);
/** The world's pf2e damage messages. */
export const pf2eCards = (): MessageDouble[] => [...world.messages.values()].filter((m) => (m.flags as { pf2e?: unknown }).pf2e !== undefined);
/** An NPC with 30 HP and pf2e's IWR entries `iwr`. */
export const creature = (id: string, iwr: Iwr = {}, flags: Record<string, unknown> = {}) =>
  world.addActor({ id, name: id, type: "npc", system: { attributes: { hp: { value: 30, max: 30, temp: 0 }, immunities: [], weaknesses: [], resistances: [], ...iwr } }, flags });

/** A creature's IWR lists, as pf2e's actor data holds them. */
type Iwr = { immunities?: IwrEntry[]; resistances?: IwrEntry[]; weaknesses?: IwrEntry[] };

/**
 * The hit points each of `hits` takes through pf2e's `applyDamage` in
 * `mode` (the `pf2eMode` setting): hit k lands on a fresh creature of 30 HP
 * with `iwr(k)`, its roll's instances `hits[k]` and roll options `options[k]`.
 */
export async function damageTaken(mode: "after" | "replace", iwr: (k: number) => Iwr, hits: readonly [number, string][][], options: readonly string[][]): Promise<number[]> {
  await world.setSetting("damage-chain.pf2eMode", mode);
  const out: number[] = [];
  for (const [k, hit] of hits.entries()) {
    const a = creature(`${mode}${k}`, structuredClone(iwr(k)));
    await applyDamagePf2e(a, { damage: damageRoll(...hit), rollOptions: new Set(options[k]) });
    await settle();
    out.push(30 - hp(a).value);
  }
  return out;
}
