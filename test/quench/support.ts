/**
 * Support for the Quench batches (in-world tests, not run in CI): the part of
 * the Quench API they use, typed loosely, and helpers that make throwaway
 * actors and count writes and cards while a flow runs.
 */
import { MODULE_ID } from "../../src/foundry/constants.ts";
import type { DamageChainApi } from "../../src/foundry/api.ts";

/** What a Quench batch receives (mocha + chai), loosely typed. */
export interface QuenchContext {
  describe(name: string, fn: () => void): void;
  it(name: string, fn: () => Promise<void> | void): void;
  after(fn: () => Promise<void> | void): void;
  assert: {
    equal(actual: unknown, expected: unknown, message?: string): void;
    deepEqual(actual: unknown, expected: unknown, message?: string): void;
    ok(value: unknown, message?: string): void;
    include(haystack: string, needle: string, message?: string): void;
  };
}

/** The Quench module object handed to `quenchReady`. */
export interface Quench {
  registerBatch(key: string, fn: (context: QuenchContext) => void, options?: { displayName?: string }): void;
}

/** The module API in this world. */
export function api(): DamageChainApi {
  return game.modules!.get(MODULE_ID)!.api!;
}

const made: Actor.Implementation[] = [];
const cardsMade: ChatMessage.Implementation[] = [];
const scenesMade: Scene.Implementation[] = [];

/** A throwaway actor of the world's first actor type, with `hp` life points at its detected HP path. */
export async function makeActor(name: string, hp: number, flags: Record<string, unknown> = {}): Promise<Actor.Implementation> {
  const type = (game.documentTypes?.Actor ?? []).find((t) => t !== "base") ?? "base";
  const actor = (await Actor.implementation.create({ name: `Damage Chain test: ${name}`, type, flags: { [MODULE_ID]: flags } } as never))!;
  made.push(actor);
  const paths = lifePaths(actor);
  if (paths !== undefined) await actor.update({ [paths.value]: hp, ...(paths.max ? { [paths.max]: Math.max(hp, 1) } : {}) } as never);
  return actor;
}

/** The data paths of the actor's life resource (what the HUD bar edits). */
export function lifePaths(actor: Actor.Implementation): { value: string; max?: string } | undefined {
  const bar = actor.prototypeToken?.bar1?.attribute ?? game.system?.primaryTokenAttribute;
  if (game.system?.id === "dnd5e") return { value: "system.attributes.hp.value", max: "system.attributes.hp.max" };
  return bar ? { value: `system.${bar}.value`, max: `system.${bar}.max` } : undefined;
}

/** The actor's life value. */
export function life(actor: Actor.Implementation): number {
  const path = lifePaths(actor)?.value ?? "";
  return Number(foundry.utils.getProperty(actor, path));
}

/**
 * A throwaway scene with a linked token for each `[actor, disposition]`
 * (1 friendly, 0 neutral, -1 hostile): the actors on it with the same
 * disposition are allies.
 */
export async function makeScene(tokens: [Actor.Implementation, number][]): Promise<Scene.Implementation> {
  const scene = (await Scene.implementation.create({ name: "Damage Chain test scene", width: 1000, height: 1000 } as never))!;
  scenesMade.push(scene);
  await scene.createEmbeddedDocuments("Token", tokens.map(([actor, disposition], i) => ({ name: actor.name, actorId: actor.id, actorLink: true, disposition, x: 100 * i, y: 100 })) as never);
  return scene;
}

/** The actor's Damage Chain state as stored (`flags["damage-chain"].state`), or undefined. */
export function storedState(actor: Actor.Implementation): Record<string, unknown> | undefined {
  return ((actor.flags as Record<string, { state?: Record<string, unknown> } | undefined>)[MODULE_ID])?.state;
}

/** Delete every actor made by {@link makeActor}, every scene made by {@link makeScene} and every card counted by {@link counting}. */
export async function cleanUp(): Promise<void> {
  await Scene.implementation.deleteDocuments(scenesMade.splice(0).map((s) => s.id!));
  await Actor.implementation.deleteDocuments(made.splice(0).map((a) => a.id!));
  await ChatMessage.implementation.deleteDocuments(cardsMade.splice(0).map((m) => m.id!));
}

/**
 * Run `flow` and count what it did: `updateActor` events per actor (one per
 * write of that actor) and Damage Chain cards created. Waits `settleMs` for
 * the cards posted after a write.
 */
export async function counting(flow: () => Promise<unknown>, settleMs = 600): Promise<{ writes: Map<string, number>; cards: ChatMessage.Implementation[] }> {
  const writes = new Map<string, number>();
  const cards: ChatMessage.Implementation[] = [];
  const onUpdate = Hooks.on("updateActor", (actor) => void writes.set(actor.id!, (writes.get(actor.id!) ?? 0) + 1));
  const onCreate = Hooks.on("createChatMessage", (message) => {
    if ((message.flags as Record<string, unknown>)[MODULE_ID] === undefined) return;
    cards.push(message);
    cardsMade.push(message);
  });
  try {
    await flow();
    await new Promise((r) => setTimeout(r, settleMs));
  } finally {
    Hooks.off("updateActor", onUpdate);
    Hooks.off("createChatMessage", onCreate);
  }
  return { writes, cards };
}
