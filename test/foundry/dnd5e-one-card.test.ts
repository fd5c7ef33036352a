/**
 * One card per dnd5e damage application. dnd5e applies the
 * tray's targets one after another with `await`
 * (`DamageApplicationElement#_onApplyDamage`, damage-application.mjs) and the
 * chat context menu's targets with `Promise.all`
 * (`ChatMessage5e#applyChatCardDamage`, chat-message.mjs). However slow the
 * server, the hits of one application share ONE card: the module groups them
 * by the originating message for as long as dnd5e's application runs.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { cardRows } from "./drawn.ts";
import { DamageTray5e, applyDamage5e, dnd5eNamespace, hp5e } from "./dnd5e-double.ts";
import { World, settle, type ActorDouble } from "./double.ts";

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const roll = () => [{ value: 6, type: "fire", properties: new Set<string>() }];
const rows = (world: World) => [...world.messages.values()].map(cardRows);

/** The tray element with dnd5e's method names: `chatMessage` and `_onApplyDamage`, here with a server that takes 500 ms per write. */
class TrayElement extends DamageTray5e {
  chatMessage: { id: string };
  constructor(readonly targets: ActorDouble[], id: string) {
    super(roll(), { id });
    this.chatMessage = { id };
  }
  async _onApplyDamage(): Promise<void> {
    for (const actor of this.targets) {
      await applyDamage5e(actor, this.damages, { ...this.targetOptions(actor.uuid), isDelta: true, origin: this.chatMessage });
      await wait(500);
    }
  }
}

/** `ChatMessage5e#applyChatCardDamage(li, multiplier)`: every controlled token at once. */
class Message5e {
  constructor(readonly id: string, readonly targets: ActorDouble[]) {}
  applyChatCardDamage(_li: unknown, multiplier: number): Promise<unknown> {
    return Promise.all(this.targets.map((a) => applyDamage5e(a, roll(), { multiplier, isDelta: true, originatingMessage: this })));
  }
}

let world: World;
let actors: ActorDouble[];
const seed = (id: string) => ({ id, name: id, type: "npc", system: { attributes: { hp: hp5e(30, 30) } } });

beforeEach(async () => {
  world = new World();
  world.systemId = "dnd5e";
  // dnd5e's namespace with this file's tray and message classes, whose applications the module wraps.
  world.makeDnd5e = () => {
    const dnd5e = dnd5eNamespace();
    dnd5e.applications.components.DamageApplicationElement = TrayElement;
    dnd5e.documents.ChatMessage5e = Message5e;
    return dnd5e;
  };
  world.addUser("gm", true);
  actors = ["a", "b", "c"].map((id) => world.addActor(seed(id)));
  await world.connect(world.users.get("gm")!);
});

describe("one card per dnd5e damage application", () => {
  it("the tray's targets, applied one after another on a slow server, share ONE card", async () => {
    await new TrayElement(actors, "roll-1")._onApplyDamage();
    await settle();
    expect(world.actorWrites()).toHaveLength(3);
    expect(rows(world)).toEqual([3]);
  });

  it("two applications of the same roll are two cards", async () => {
    const tray = new TrayElement(actors.slice(0, 2), "roll-1");
    await tray._onApplyDamage();
    await tray._onApplyDamage();
    await settle();
    expect(rows(world)).toEqual([2, 2]);
  });

  it("the chat context menu's application (all controlled tokens at once) is one card", async () => {
    await new Message5e("roll-2", actors).applyChatCardDamage(null, 1);
    await settle();
    expect(rows(world)).toEqual([3]);
  });

  it("a hit applied outside any dnd5e application (a macro calling actor.applyDamage) gets its card at once", async () => {
    await applyDamage5e(actors[0]!, roll(), { originatingMessage: { id: "roll-3" } });
    await settle();
    expect(rows(world)).toEqual([1]);
  });
});
