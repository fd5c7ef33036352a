/**
 * A double of midi-qol's damage application (checked against midi-qol
 * 11.6.32, github:Trahloc/midi-qol 35bd9c8, a mirror of gitlab.com/tposney/midi-qol;
 * see `README.md` here), reduced to what Damage Chain meets:
 * - `MidiQOL.applyTokenDamage` (`src/module/utils.ts`): per target, dnd5e's
 *   `actor.calculateDamage(damageDetail, calcDamageOptions)` on the ROLLING
 *   client with `options.midi` set and a save as dnd5e's `multiplier`; the
 *   result deep-cloned; then socketlib `executeAsGM("createReverseDamageCard")`;
 * - the socket: the damage list as JSON (`prepareDamagelistToJSON`: property
 *   Sets as arrays; everything else as the wire carries it, Sets in the
 *   options lost: the stricter case);
 * - the GM's `prepareDamageListItems` (`src/module/GMAction.ts`): the amount
 *   summed from the calculated parts, HP updates with temp HP first, then
 *   `Hooks.call("dnd5e.preApplyDamage", actor, amount, updates, options)`,
 *   `actor.update(updates, options)`, `Hooks.call("dnd5e.applyDamage", ...)`
 *   with that same (deserialized) options object; then its GM damage card
 *   holding `flags.midiqol.undoDamage` (old and new HP as computed before the hooks);
 * - its reverse button (`processUndoDamageCard`): `actor.update` of the old HP and temp HP
 *   (11.6.32), or the same through dnd5e's hooks with the options stored on the
 *   card (a v13 build: `midiReverse(…, true)`);
 * - its damage reduction in `dnd5e.calculateDamage` (`src/module/Hooks.ts`):
 *   `system.traits.dm.midi.all` (a negative number here, a formula in midi)
 *   becomes a `{ type: "none", value, active.DR }` part, capped at the damage,
 *   unless `options.ignore` is true or `options.ignore.DR` holds `all` or `none`.
 * Not modelled: attack/save workflow, saves' DRSavedr order, custom traits, damage thresholds, the player card.
 */
import type { Dnd5eDamage } from "../../src/foundry/hook-types.ts";
import { calculateDamage5e, type Hp5e, type Options5e } from "./dnd5e-double.ts";
import type { ActorDouble, Client, MessageDouble, World } from "./double.ts";

type Part = Dnd5eDamage & { active?: Record<string, unknown>; properties?: Set<string> };
/** One target's entry of midi-qol's damage list (the fields the GM reads). */
export interface MidiDamageItem {
  actorUuid: string;
  oldHP: number;
  oldTempHP: number;
  newHP?: number;
  newTempHP?: number;
  damageDetail: Part[];
  calcDamageOptions: Options5e;
}

const hpOf = (actor: ActorDouble): Hp5e => (actor.system.attributes as { hp: Hp5e }).hp;

/** midi-qol's `dnd5e.calculateDamage` damage reduction (`traits.dm.midi.all`). */
function midiCalculateDamage(actor: ActorDouble, damages: Part[], options: Options5e): void {
  const ignore = options.ignore as true | { DR?: unknown } | undefined;
  const dr = ignore === true ? undefined : ignore?.DR;
  if (ignore === true || (dr instanceof Set && (dr.has("all") || dr.has("none")))) return;
  const dm = ((actor.system.traits as { dm?: { midi?: { all?: number } } } | undefined)?.dm?.midi?.all) ?? 0;
  const selected = damages.reduce((sum, d) => sum + (["none", "midi-none", "healing", "temphp"].includes(d.type) ? 0 : d.value), 0);
  if (dm === 0 || selected <= 0) return;
  const value = Math.sign(selected + dm) !== Math.sign(selected) ? -selected : dm;
  damages.push({ type: "none", value, active: { DR: true, multiplier: 1 }, properties: new Set() });
}

/** Make `world` a world with midi-qol active: `game.modules.get("midi-qol").active`, and its dnd5e hook on every client (registered before Damage Chain's). */
export function useMidi(world: World): void {
  world.modules.set("midi-qol", { id: "midi-qol", active: true });
  world.onClient((client: Client) => {
    client.hooks.on("dnd5e.calculateDamage", (actor, damages, options) => midiCalculateDamage(actor as unknown as ActorDouble, damages as Part[], options as Options5e));
  });
}

/** The wire: property Sets as arrays (midi's JSON preparation), then JSON (Sets elsewhere become `{}`). */
const overSocket = <T>(list: T): T => JSON.parse(JSON.stringify(list, (_k, v: unknown) => (v instanceof Set ? [...(v as Set<unknown>)] : v))) as T;

/**
 * `MidiQOL.applyTokenDamage(damageDetail, total, targets, item, saves)` from
 * `roller`'s client, written by the active GM (auto-apply on). Targets in
 * `saved` take dnd5e's `multiplier: 0.5`. Returns midi's GM card.
 */
export async function midiApplyTokenDamage(world: World, roller: Client, damageDetail: Dnd5eDamage[], targets: ActorDouble[], saved: ReadonlySet<ActorDouble> = new Set()): Promise<MessageDouble> {
  const list: MidiDamageItem[] = world.as(roller, () => targets.map((actor) => {
    const calcDamageOptions: Options5e = { invertHealing: true, multiplier: saved.has(actor) ? 0.5 : 1, midi: { saved: saved.has(actor), saveMultiplier: 1, isHit: true, sourceActorUuid: actor.uuid, targetUuid: actor.uuid } };
    const input = damageDetail.map((d) => ({ ...d, properties: new Set(d.properties ?? []) }));
    const calculated = calculateDamage5e(actor, input, calcDamageOptions);
    if (calculated === false) throw new Error("dnd5e's calculateDamage was cancelled");
    return { actorUuid: actor.uuid, oldHP: hpOf(actor).value, oldTempHP: hpOf(actor).temp, damageDetail: structuredClone([...calculated]), calcDamageOptions };
  }));
  const gm = world.clients.find((c) => c.user === world.users.activeGM);
  if (gm === undefined) throw new Error("midi-qol needs an active GM");
  return createReverseDamageCard(world, gm, overSocket(list));
}

/**
 * The GM's `createReverseDamageCard` → `prepareDamageListItems` → `createGMReverseDamageCard`,
 * each step on the GM's client: the double installs one client's globals at a time, and
 * another client's task may run during a wait, so every step after one re-installs the GM's.
 */
async function createReverseDamageCard(world: World, gm: Client, list: MidiDamageItem[]): Promise<MessageDouble> {
  for (const item of list) {
    await world.as(gm, () => applyItem(world, gm, item));
  }
  // The entries keep the options object the hooks saw (as changed by them): `tokenIdList.push({ …, calcDamageOptions })` after the write.
  const undoDamage = list.map(({ actorUuid, oldHP, oldTempHP, newHP, newTempHP, calcDamageOptions }) => ({ actorUuid, oldHP, oldTempHP, newHP, newTempHP, calcDamageOptions }));
  return world.as(gm, () => world.createMessage({ content: "<div class=\"midi-qol-damage-results\"></div>", flags: { midiqol: { undoDamage } } }));
}

/** One entry of `prepareDamageListItems` on the GM's client: the HP update, the dnd5e hooks around its write. */
async function applyItem(world: World, gm: Client, item: MidiDamageItem): Promise<void> {
  const actor = world.actors.get(item.actorUuid.replace(/^Actor\./, ""))!;
  const hp = hpOf(actor);
  const sum = item.damageDetail.reduce((acc, d) => acc + (["temphp", "midi-none"].includes(d.type) ? 0 : d.value), 0);
  const amount = sum > 0 ? Math.floor(sum) : Math.ceil(sum);
  const deltaTemp = amount > 0 ? Math.min(hp.temp, amount) : 0;
  const deltaHP = Math.min(Math.max(amount - deltaTemp, -(hp.max - hp.value)), hp.value);
  const updates: Record<string, unknown> = { "system.attributes.hp.temp": hp.temp - deltaTemp, "system.attributes.hp.value": hp.value - deltaHP };
  item.newTempHP = updates["system.attributes.hp.temp"] as number;
  item.newHP = updates["system.attributes.hp.value"] as number;
  if (Hooks.call("dnd5e.preApplyDamage", actor as never, amount, updates, item.calcDamageOptions) === false) return;
  await actor.update(updates, { ...item.calcDamageOptions, noConcentrationCheck: false });
  // Another client's task may have run during the write: the hook is the GM's, with the GM's globals.
  world.as(gm, () => Hooks.call("dnd5e.applyDamage", actor as never, amount, item.calcDamageOptions));
}

type UndoEntry = { actorUuid: string; oldHP: number; oldTempHP: number; newHP: number; calcDamageOptions: Options5e };

/**
 * midi-qol's reverse button on its GM card, clicked on `client`: each
 * target's old HP and temp HP written back. `viaHooks` (midi-qol's v13 build,
 * stored file 63203117937 `processUndoDamageCard`): through
 * `Hooks.call("dnd5e.preApplyDamage", actor, newHP - oldHP, updates, calcDamageOptions)`,
 * `actor.update`, `dnd5e.applyDamage`, with the options stored on the card;
 * otherwise (11.6.32) a plain `actor.update`.
 */
export async function midiReverse(world: World, client: Client, card: MessageDouble, viaHooks = false): Promise<void> {
  const entries = (card.flags as { midiqol?: { undoDamage?: UndoEntry[] } }).midiqol?.undoDamage ?? [];
  await world.as(client, async () => {
    for (const e of entries) {
      const actor = world.actors.get(e.actorUuid.replace(/^Actor\./, ""))!;
      const updates: Record<string, unknown> = { "system.attributes.hp.temp": e.oldTempHP, "system.attributes.hp.value": e.oldHP };
      if (!viaHooks) {
        await actor.update(updates, { noConcentrationCheck: false });
        continue;
      }
      if (Hooks.call("dnd5e.preApplyDamage", actor as never, e.newHP - e.oldHP, updates, e.calcDamageOptions) === false) continue;
      await actor.update(updates, { ...e.calcDamageOptions });
      Hooks.call("dnd5e.applyDamage", actor as never, e.newHP - e.oldHP, e.calcDamageOptions);
    }
  });
}
