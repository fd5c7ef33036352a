/**
 * The documents of the Foundry test double (see `double.ts`, `README.md` here):
 * scenes with tokens (disposition), actors (update, updateDocuments,
 * modifyTokenAttribute, statuses and toggleStatusEffect, permissions) and chat
 * messages. Their writes go through the `World` (`double.ts`), which plays
 * the server; `ActorDouble.world` is the world made last.
 */
import { expand, merge, type Obj } from "./double-base.ts";
import type { UserDouble } from "./double-user.ts";
import type { World } from "./double.ts";

const LEVELS = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;

export interface ActorSeed {
  id: string;
  name: string;
  type?: string;
  system: Obj;
  flags?: Obj;
  /** user id (or `default`) → 0 none, 1 limited, 2 observer, 3 owner. */
  ownership?: Record<string, number>;
  bar?: string;
  /** A synthetic actor of an unlinked token (its token is its parent). */
  unlinked?: boolean;
}

/** A scene and its tokens. */
export class SceneDouble {
  readonly tokens: TokenDouble[] = [];
  constructor(readonly id: string) {}
  get uuid(): string { return `Scene.${this.id}`; }
}

/** A token on a scene: its disposition (1 friendly, 0 neutral, -1 hostile) and its actor (linked, or the unlinked token's synthetic actor). */
export class TokenDouble {
  constructor(readonly parent: SceneDouble, readonly id: string, readonly actor: ActorDouble, readonly disposition: number) {}
  get actorLink(): boolean { return !this.actor.isToken; }
}

export class ActorDouble {
  static world: World;
  static get implementation(): typeof ActorDouble {
    return ActorDouble;
  }
  static updateDocuments(updates: Obj[], options: Obj = {}): Promise<ActorDouble[]> {
    return ActorDouble.world.updateActors(updates, options);
  }
  readonly isToken: boolean;
  readonly img = null;
  system: Obj;
  flags: Obj;
  readonly prototypeToken: { bar1: { attribute: string | null } };
  readonly id: string;
  name: string;
  /** Its tokens on scenes (a synthetic actor: its own token). */
  readonly tokens: TokenDouble[] = [];
  /** Status effect ids in force (`Actor#statuses`). */
  readonly statuses = new Set<string>();
  /** `ClientDocument#apps`: applications re-rendered with this actor, by id. */
  readonly apps: Record<string, unknown> = {};
  constructor(private readonly seed: ActorSeed) {
    this.id = seed.id;
    this.isToken = seed.unlinked ?? false;
    this.name = seed.name;
    this.system = structuredClone(seed.system);
    this.flags = structuredClone(seed.flags ?? {});
    this.prototypeToken = { bar1: { attribute: seed.bar ?? "attributes.hp" } };
  }
  get uuid(): string { return `Actor.${this.id}`; }
  get type(): string { return this.seed.type ?? "character"; }
  testUserPermission(user: UserDouble, level: keyof typeof LEVELS): boolean {
    const own = this.seed.ownership ?? {};
    return user.isGM || (own[user.id] ?? own.default ?? 0) >= LEVELS[level];
  }
  get isOwner(): boolean { return this.testUserPermission(ActorDouble.world.active.user, "OWNER"); }
  get hasPlayerOwner(): boolean {
    return Object.entries(this.seed.ownership ?? {}).some(([id, lvl]) => lvl >= 3 && ActorDouble.world.users.get(id)?.isGM === false);
  }
  update(changes: Obj, options: Obj = {}): Promise<ActorDouble[]> {
    return ActorDouble.world.updateActors([{ _id: this.id, ...changes }], options);
  }
  /** A synthetic actor's token. */
  get token(): TokenDouble | null { return this.isToken ? (this.tokens[0] ?? null) : null; }
  getDependentTokens({ linked = false }: { linked?: boolean } = {}): TokenDouble[] { return this.tokens.filter((t) => !linked || t.actorLink); }
  /**
   * `Actor#toggleStatusEffect` for an id of `CONFIG.statusEffects` (v13: an array of `{ id }`; v14: a record keyed by id):
   * creating or deleting its effect is one write (`ActiveEffect`).
   */
  toggleStatusEffect(id: string, { active }: { active?: boolean } = {}): Promise<boolean | object | undefined> {
    const world = ActorDouble.world;
    const effects: unknown = world.active.config.statusEffects;
    if (!(Array.isArray(effects) ? effects.some((s: { id: string }) => s.id === id) : Object.hasOwn(effects as object, id))) return Promise.reject(new Error(`Invalid status ID "${id}" provided to Actor#toggleStatusEffect`));
    if (!this.isOwner) return Promise.reject(new Error(`${world.active.user.name} lacks permission to change the effects of ${this.name}`));
    const has = this.statuses.has(id);
    if (has === (active ?? !has)) return Promise.resolve(has ? true : undefined);
    world.writes.push({ collection: "ActiveEffect", ids: [`${this.id}.${id}`], userId: world.active.user.id });
    if (has) this.statuses.delete(id);
    else this.statuses.add(id);
    return Promise.resolve(has ? false : { statuses: [id] });
  }
  /** Foundry core's bar edit: a new value for `system.<attr>.value`, clamped to [0, max], through `actor.update`. */
  async modifyTokenAttribute(attribute: string, value: number, isDelta = false, isBar = true): Promise<unknown> {
    const attr = attribute.split(".").reduce<unknown>((o, k) => (o as Obj)[k], this.system) as { value: number; max: number };
    const next = Math.min(attr.max, Math.max(0, isDelta ? attr.value + value : value));
    const updates = { [`system.${attribute}.value`]: next };
    return Hooks.call("modifyTokenAttribute", { attribute, value, isDelta, isBar }, updates) === false ? this : this.update(updates);
  }
}

export class MessageDouble {
  /** `ChatMessage#timestamp`: ms since the epoch, `Date.now()` at creation (fvtt-types 13e58d21d `client/documents/chat-message.d.mts` line 327: `initial: Date.now`). */
  readonly timestamp = Date.now();
  constructor(private readonly world: World, readonly id: string, readonly author: UserDouble, readonly content: string, public flags: Obj, readonly whisper: string[]) {}
  get isOwner(): boolean { return this.world.active.user.isGM || this.world.active.user.id === this.author.id; }
  /** Foundry's `ChatMessage#visible`: a whisper is shown to its author and its recipients only (v13 `client/documents/chat-message.mjs`). */
  visibleTo(user: UserDouble): boolean { return this.whisper.length === 0 || this.author.id === user.id || this.whisper.includes(user.id); }
  update(changes: Obj): Promise<this> {
    if (!this.isOwner) return Promise.reject(new Error(`${this.world.active.user.name} may not update message ${this.id}`));
    this.world.writes.push({ collection: "ChatMessage", ids: [this.id], userId: this.world.active.user.id });
    merge(this as unknown as Obj, expand(changes));
    return Promise.resolve(this);
  }
}
