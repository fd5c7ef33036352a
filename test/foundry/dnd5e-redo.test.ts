/**
 * Redo in a dnd5e world with every default (NPC rows hidden from players):
 * a Fireball through dnd5e's tray on 2 PCs and 9 NPCs, 3 of them saving for
 * half, is ONE card (`DamageApplicationElement#_onApplyDamage` applies the
 * tray's targets one after another: foundryvtt/dnd5e
 * `module/applications/components/damage-application.mjs`). Undone, then
 * redone from a player's client and from the GM's, twice each: each target
 * ends exactly where the first hit left it, and one redo card exists.
 */
import { beforeEach, expect, it } from "vitest";
import { DamageTray5e, applyDamage5e, dnd5eNamespace, hp5e, type Hp5e } from "./dnd5e-double.ts";
import { World, settle, type ActorDouble, type ApiLike, type Client } from "./double.ts";
import { readCard } from "./drawn.ts";

const hp = (a: ActorDouble) => (a.system.attributes as { hp: Hp5e }).hp.value;
const fireball = () => [{ value: 27, type: "fire", properties: new Set<string>() }];

/** The tray element with dnd5e's method names (`chatMessage`, `_onApplyDamage`): its targets one after another. */
class TrayElement extends DamageTray5e {
  chatMessage: { id: string };
  constructor(readonly targets: ActorDouble[], id: string) {
    super(fireball(), { id });
    this.chatMessage = { id };
  }
  async _onApplyDamage(): Promise<void> {
    for (const actor of this.targets) await applyDamage5e(actor, this.damages, { ...this.targetOptions(actor.uuid), isDelta: true, origin: this.chatMessage });
  }
}

let world: World;
let gm: Client & { api: ApiLike };
let player: Client & { api: ApiLike };
let pcs: ActorDouble[];
let npcs: ActorDouble[];

beforeEach(async () => {
  world = new World();
  world.systemId = "dnd5e";
  // dnd5e's namespace with this file's tray, whose applications the module wraps.
  world.makeDnd5e = () => {
    const dnd5e = dnd5eNamespace();
    dnd5e.applications.components.DamageApplicationElement = TrayElement;
    return dnd5e;
  };
  world.addUser("gm", true);
  world.addUser("p1", false);
  pcs = ["Fighter", "Wizard"].map((name) => world.addActor({ id: name.toLowerCase(), name, type: "character", ownership: { p1: 3 }, system: { attributes: { hp: hp5e(40, 40) } } }));
  npcs = Array.from({ length: 9 }, (_, i) => world.addActor({ id: `goblin${i}`, name: `Goblin ${i}`, type: "npc", system: { attributes: { hp: hp5e(40, 40) } } }));
  gm = await world.connect(world.users.get("gm")!);
  player = await world.connect(world.users.get("p1")!);
});

it("Fireball through the tray on 2 PCs and 9 NPCs, 3 saves: undone, redone from a player's client and the GM's twice each, every target ends where the first hit left it, with one redo card", async () => {
  const targets = [...npcs, ...pcs];
  const tray = new TrayElement(targets, "fireball-roll");
  for (const saved of [npcs[0]!, npcs[4]!, pcs[0]!]) tray.targetOptions(saved.uuid).multiplier = 0.5;
  await world.as(gm, () => tray._onApplyDamage());
  await settle();
  const after = targets.map(hp);
  expect(after).toEqual([13, 27, 27, 27, 13, 27, 27, 27, 27, 13, 27].map((d) => 40 - d));
  const cards = [...world.messages.values()].filter((m) => (m.flags["damage-chain"] as { card?: { of?: string } } | undefined)?.card?.of === undefined);
  expect(cards).toHaveLength(1);
  const id = cards[0]!.id;
  // Players receive no redo row of a hidden NPC: the card they read keeps the PCs' only.
  expect((readCard(cards[0]!).hit as { rows: unknown[] }).rows).toHaveLength(2);
  expect(await world.as(gm, () => gm.api.undo(id))).toBe("reverted");
  await settle();
  expect(targets.map(hp)).toEqual(targets.map(() => 40));
  const results: string[] = [];
  for (const client of [player, player, gm, gm]) {
    results.push(await world.as(client, () => client.api.redo(id).then((r) => r.result)));
    await settle();
  }
  // The GM applied the Fireball: the player may not redo it (only its applier or a GM may); the GM's first redo is the one.
  expect(results).toEqual(["denied", "denied", "redone", "already"]);
  expect(targets.map(hp)).toEqual(after);
  const redos = [...world.messages.values()].filter((m) => (m.flags["damage-chain"] as { card?: { redoOf?: string } } | undefined)?.card?.redoOf === id);
  expect(redos).toHaveLength(1);
});
