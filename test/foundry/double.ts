/**
 * A small test double of the Foundry globals the adapter uses (as v13 or, with
 * `generation: 14`, as v14: `World#generation`) — and only
 * those: hooks, settings, users (targets, queries), actors (update,
 * updateDocuments, modifyTokenAttribute, statuses and toggleStatusEffect),
 * scenes with tokens (disposition), chat messages; i18n from the real
 * `lang/en.json` and templates rendered with the `handlebars` package come
 * from `double-base.ts`. Shapes are checked against the fvtt types with
 * `satisfies` where the types allow it.
 *
 * A `World` plays the server: it holds the documents, counts writes, calls
 * `preUpdate*` hooks on the client that starts a change only and `update*`
 * hooks on every client (as Foundry does). Each `Client` loads its own copy
 * of the module (fresh module graph), so two GM clients really are two.
 */
import { vi } from "vitest";
import { seededRandom } from "../../src/core/random.ts";
import { ForcedDeletionDouble, HooksDouble, diff, expand, i18n, isPlain, loadTemplates, merge, rejectLegacyKeys, renderTemplate, type Obj } from "./double-base.ts";
import { UserDouble } from "./double-user.ts";
import { SocketDouble } from "./double-socket.ts";
import { RollDouble } from "./double-roll.ts";
import { ApplicationV2Double } from "./double-app.ts";
import { dnd5eNamespace } from "./dnd5e-double.ts";

export { UserDouble };

const LEVELS = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;

/** Foundry's major version the double plays (`game.release.generation`). */
export type Generation = 13 | 14;
/** The generation a `World` plays unless told: `DC_FOUNDRY_GENERATION` (set per vitest project), else 13. */
// Read through globalThis: the shipped-build test runs this double in a browser page, where there is no `process`.
export const DEFAULT_GENERATION: Generation = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.DC_FOUNDRY_GENERATION === "14" ? 14 : 13;

/**
 * The top-level fields of the Actor schema (fvtt-types `common/documents/actor.d.mts`
 * `BaseActor.defineSchema`). On generation 14 an update's keys outside them are
 * pruned before `_preUpdate` (`cleanData`, foundryvtt/foundryvtt#14411, #13406).
 */
const ACTOR_FIELDS = new Set(["_id", "name", "img", "type", "system", "prototypeToken", "items", "effects", "folder", "sort", "ownership", "flags", "_stats"]);

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

/** Drop the keys of `changes` that `source` (a system's data, standing in for its schema) does not have, recursively into its plain objects. */
function prune(changes: Obj, source: Obj): void {
  for (const key of Object.keys(changes)) {
    if (!Object.hasOwn(source, key)) delete changes[key];
    else if (isPlain(changes[key]) && isPlain(source[key])) prune(changes[key], source[key]);
  }
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

/** One connected browser: its user, hooks, config, notifications, controlled tokens and module copy. */
export class Client {
  readonly hooks = new HooksDouble() satisfies Pick<typeof Hooks, "on" | "once" | "call" | "callAll">;
  readonly config = {
    queries: {} as Record<string, (data: unknown, opts: { timeout?: number | undefined }) => Promise<unknown>>,
    Dice: { randomUniform: (() => { const r = seededRandom(7); return () => r.int(1_000_000) / 1_000_000; })() },
    /** Some of core Foundry v13's status effects. */
    statusEffects: ["dead", "unconscious", "sleep", "stun", "prone", "restrain", "paralysis", "blind", "deaf", "fear", "poison"].map((id) => ({ id, name: id })) as Pick<CONFIG.StatusEffect, "id" | "name">[],
    /** Core v13's defaults (fvtt-types `CONFIG.DefaultSpecialStatusEffects`). */
    specialStatusEffects: { DEFEATED: "dead", INVISIBLE: "invisible", BLIND: "blind", BURROW: "burrow", HOVER: "hover", FLY: "fly" } as Record<string, string>,
    /** `CONFIG.Actor.typeLabels`: lang keys by actor type, as a game system registers them (empty until a test sets some). */
    Actor: { typeLabels: {} as Record<string, string> },
  };
  readonly notes: { level: string; text: string }[] = [];
  readonly controlled: { actor: ActorDouble }[] = [];
  readonly settingConfig = new Map<string, { default?: unknown; onChange?: (v: unknown) => void }>();
  readonly module: { id: string; active: boolean; api?: unknown } = { id: "damage-chain", active: true };
  /** `foundry.applications.instances`: this client's rendered applications by id. */
  readonly instances = new Map<string, ApplicationV2Double>();
  /** `game.socket` (`double-socket.ts`). */
  readonly socket: SocketDouble;
  /** This client's `globalThis.dnd5e` in a dnd5e world (`World.makeDnd5e`, made when the client is first active). */
  dnd5e: object | undefined;
  constructor(readonly world: World, readonly user: UserDouble) {
    this.socket = new SocketDouble(world, () => this);
  }
}

/** The server and the documents every client shares. */
export class World {
  readonly actors = new Map<string, ActorDouble>();
  readonly messages = new Map<string, MessageDouble>();
  readonly settings = new Map<string, unknown>();
  /** Other modules of the world by id (`game.modules.get`): midi-qol's double sets `{ id: "midi-qol", active: true }`. */
  readonly modules = new Map<string, { id: string; active: boolean }>();
  readonly clients: Client[] = [];
  /** Every database write: collection and document ids, one entry per call. */
  readonly writes: { collection: string; ids: string[]; userId: string }[] = [];
  readonly userList: UserDouble[] = [];
  /** Scenes; the first is the viewed and active one. */
  readonly scenes: SceneDouble[] = [];
  worldTime = 0;
  /**
   * Foundry's generation (13 or 14): on 14, an actor update is cleaned before
   * `_preUpdate` (keys outside the schema pruned), the legacy `-=`/`==` keys
   * fail, and `foundry.data.operators.ForcedDeletion` / `_del` exist.
   */
  readonly generation: Generation;
  /**
   * Server latency in milliseconds (default 0): an actor update reaches the
   * documents, on every client at once, only this long after the caller's
   * pre-update hooks ran, so hits in the same tick can race as in a real world.
   */
  latency = 0;
  systemId = "worldbuilding";
  /** Makes each client's `globalThis.dnd5e` in a dnd5e world (`dnd5eNamespace`); a test may give classes of its own. */
  makeDnd5e: () => object = dnd5eNamespace;
  active!: Client;
  /**
   * The system's `Actor#_preUpdate(changes, options, user)`, run on the
   * updating client before the `preUpdateActor` hook (`useDnd5e` sets dnd5e's).
   */
  preUpdate: (actor: ActorDouble, changes: Obj, options: Obj, user: UserDouble) => void | Promise<void> = () => undefined;
  /**
   * The system's `Actor#_onUpdate(changed, options, userId)`, run on every
   * client (with its globals) before the `updateActor` hook (`useDnd5e` sets
   * dnd5e's `onUpdateHP`).
   */
  onUpdate: (actor: ActorDouble, changed: Obj, options: Obj, userId: string) => void = () => undefined;
  readonly #clientSetup: ((client: Client) => void)[] = [];
  /** What `activate` installed last (see `#installed`). */
  #last: { client: Client; game: unknown; foundry: unknown; systemId: string } | undefined;
  #ids = 0;

  /** `game.users`: lookup, and the active GM (the connected GM with the lowest id). */
  readonly users: { get(id: string): UserDouble | undefined; readonly activeGM: UserDouble | null };

  constructor({ generation = DEFAULT_GENERATION }: { generation?: Generation } = {}) {
    this.generation = generation;
    ActorDouble.world = this;
    const list = this.userList;
    this.users = {
      get: (id) => list.find((u) => u.id === id),
      get activeGM() { return list.filter((u) => u.isGM && u.active).sort((a, b) => a.id.localeCompare(b.id))[0] ?? null; },
    };
  }

  addUser(id: string, isGM: boolean): UserDouble {
    const u = new UserDouble(this, id, id, isGM) satisfies Pick<User.Implementation, "id" | "name" | "isGM" | "active" | "isSelf">;
    this.userList.push(u);
    return u;
  }
  addActor(seed: ActorSeed): ActorDouble {
    const a = new ActorDouble(seed) satisfies Pick<Actor.Implementation, "id" | "uuid" | "name" | "isOwner" | "hasPlayerOwner" | "isToken" | "img" | "statuses">;
    this.actors.set(seed.id, a);
    return a;
  }
  /** Put a token of `actor` on `scene` (a new scene when none has that id) with `disposition`. */
  placeToken(sceneId: string, actor: ActorDouble, disposition: number): TokenDouble {
    const scene = this.scenes.find((s) => s.id === sceneId) ?? this.scenes[this.scenes.push(new SceneDouble(sceneId)) - 1]!;
    const token = new TokenDouble(scene, `${sceneId}-${scene.tokens.length}`, actor, disposition) satisfies Pick<TokenDocument.Implementation, "id" | "actorLink">;
    scene.tokens.push(token);
    actor.tokens.push(token);
    return token;
  }
  /**
   * Send `request` to the active GM over the module's socket from `sender`'s
   * connection (the server adds the sender's id: `double-socket.ts`), as the
   * module's relay does (`relay/socket.ts`), and resolve with the GM's answer;
   * rejects when none comes within `timeoutMs`. For tests that forge requests.
   */
  relayAs(sender: Client, request: unknown, timeoutMs = 2_000): Promise<unknown> {
    const gm = this.users.activeGM;
    const requestId = isPlain(request) && typeof request.requestId === "string" ? request.requestId : "";
    return new Promise((resolve, reject) => {
      const handler = (data: unknown, senderId: string): void => {
        if (!isPlain(data) || data.type !== "answer" || data.to !== sender.user.id || data.requestId !== requestId || senderId !== gm?.id) return;
        sender.socket.off("module.damage-chain", handler);
        clearTimeout(timer);
        resolve(data.answer);
      };
      const timer = setTimeout(() => {
        sender.socket.off("module.damage-chain", handler);
        reject(new Error(`no relay answer within ${timeoutMs} ms`));
      }, timeoutMs);
      sender.socket.on("module.damage-chain", handler);
      sender.socket.emit("module.damage-chain", { type: "request", to: gm?.id, request });
    });
  }

  /**
   * {@link relayAs} from the client of the user the request names (its
   * `userId`), or, when that is the active GM or has no client, from the
   * first player's client: the request is then a forgery.
   */
  relayFrom(request: unknown): Promise<unknown> {
    const named = isPlain(request) ? request.userId : undefined;
    const own = this.clients.find((c) => c.user.id === named && c.user !== this.users.activeGM);
    const sender = own ?? this.clients.find((c) => !c.user.isGM);
    if (sender === undefined) throw new Error("relayFrom needs a connected player");
    return this.relayAs(sender, request);
  }

  actorWrites(): { ids: string[]; userId: string }[] {
    return this.writes.filter((w) => w.collection === "Actor").map(({ ids, userId }) => ({ ids, userId }));
  }

  /** Connect `user`'s client and load the module in it (fresh module graph): registration, `init`, `ready`. */
  /** Run `setup` on every client, those connected and those to come (a system's `CONFIG` changes). */
  onClient(setup: (client: Client) => void): void {
    this.#clientSetup.push(setup);
    for (const c of this.clients) setup(c);
  }

  /** Connect `user`'s client WITHOUT the module (a bare Foundry client). */
  addClient(user: UserDouble): Client {
    const client = new Client(this, user);
    for (const setup of this.#clientSetup) setup(client);
    this.clients.push(client);
    if (this.clients.length === 1) this.activate(client);
    return client;
  }

  async connect(user: UserDouble): Promise<Client & { api: ApiLike; finish: typeof import("../../src/foundry/hit/finish.ts"); relay: typeof import("../../src/foundry/relay/record.ts") }> {
    const client = this.addClient(user);
    this.activate(client);
    vi.resetModules();
    const { registerDamageChain, systemReady } = await import("../../src/foundry/register.ts");
    const finish = await import("../../src/foundry/hit/finish.ts");
    const relay = await import("../../src/foundry/relay/record.ts");
    registerDamageChain();
    // The lazily loaded modules that share state with the entry's (in-flight hits, relayed cards) are loaded now,
    // into this client's module graph: the next client's vi.resetModules() would give them a graph of their own.
    await Promise.all([
      (await import("../../src/foundry/gm/register.ts")).loadRelayHandler(),
      (await import("../../src/foundry/card/undo.ts")).loadUndoCheck(),
      (await import("../../src/foundry/hit/load-redo.ts")).loadRedo(),
      (await import("../../src/foundry/hooks/load-lifecycle.ts")).loadLifecycle(),
    ]);
    client.hooks.callAll("init");
    client.hooks.callAll("i18nInit");
    client.hooks.callAll("ready");
    // The world's system folder is a chunk fetched during init (src/foundry/systems/index.ts); Foundry does not wait
    // for it, but no damage can be applied before a client is connected, so the double lets it arrive first.
    await systemReady();
    return Object.assign(client, { api: client.module.api as ApiLike, finish, relay });
  }

  /** Make `client` the one whose globals are installed. */
  activate(client: Client): void {
    this.active = client;
    const g = globalThis as Obj;
    const time = {};
    const scenes = this.scenes;
    const messages = this.messages;
    Object.defineProperty(time, "worldTime", { get: () => this.worldTime });
    g.game = {
      release: { generation: this.generation },
      user: client.user, users: this.users, i18n, time, socket: client.socket,
      scenes: { get viewed() { return scenes[0]; }, get active() { return scenes[0]; } },
      system: { id: this.systemId, primaryTokenAttribute: "attributes.hp" },
      modules: { get: (id: string) => (id === client.module.id ? client.module : this.modules.get(id)) },
      messages: { get: (id: string) => messages.get(id), get contents() { return [...messages.values()]; } },
      settings: {
        register: (ns: string, key: string, data: { default?: unknown; onChange?: (v: unknown) => void }) => client.settingConfig.set(`${ns}.${key}`, data),
        registerMenu: () => undefined,
        get: (ns: string, key: string) => (this.settings.has(`${ns}.${key}`) ? this.settings.get(`${ns}.${key}`) : client.settingConfig.get(`${ns}.${key}`)?.default),
        set: async (ns: string, key: string, value: unknown) => this.setSetting(`${ns}.${key}`, value),
      },
    };
    g.Hooks = client.hooks;
    g.CONFIG = client.config;
    // dnd5e defines its namespace when its script is evaluated, before init (dnd5e.mjs); other systems have none.
    if (this.systemId === "dnd5e") g.dnd5e = client.dnd5e ??= this.makeDnd5e();
    else delete g.dnd5e;
    g.ui = { notifications: Object.fromEntries(["info", "warn", "error"].map((level) => [level, (text: string) => client.notes.push({ level, text })])) };
    g.canvas = { tokens: { controlled: client.controlled } };
    g.Actor = ActorDouble;
    g.Roll = RollDouble;
    g.fromUuidSync = (uuid: string) => this.actors.get(uuid.replace(/^Actor\./, "")) ?? null;
    g.ChatMessage = {
      implementation: { create: (data: Obj) => this.createMessage(data) },
      getWhisperRecipients: (name: string) => (name === "GM" ? this.userList.filter((u) => u.isGM) : []),
    };
    g.foundry = {
      utils: { randomID: () => `id${String(++this.#ids).padStart(14, "0")}`, escapeHTML: (s: string) => s.replace(/[<>&"]/g, "") },
      applications: {
        handlebars: { renderTemplate, loadTemplates },
        api: { ApplicationV2: ApplicationV2Double, HandlebarsApplicationMixin: (Base: new () => object) => class extends Base {}, DialogV2: { confirm: async () => true } },
        instances: client.instances,
      },
      ...(this.generation >= 14 ? { data: { operators: { ForcedDeletion: ForcedDeletionDouble } } } : {}),
    };
    ApplicationV2Double.instances = client.instances;
    ApplicationV2Double.generation = this.generation;
    if (this.generation >= 14) g._del = new ForcedDeletionDouble();
    else delete g._del;
    this.#last = { client, game: g.game, foundry: g.foundry, systemId: this.systemId };
  }

  /** Store a world setting (`damage-chain.profile`...) and run its `onChange` on every client. */
  async setSetting(key: string, value: unknown): Promise<void> {
    this.settings.set(key, structuredClone(value));
    for (const c of this.clients) this.as(c, () => c.settingConfig.get(key)?.onChange?.(value));
  }

  /**
   * Run `fn` with `client`'s globals, then put the previous client's back.
   * A client whose globals are still installed (same `game` and `foundry`
   * objects, same system) is not installed again: in a browser a client's
   * globals stay put, and a fresh set per call was only garbage.
   */
  as<T>(client: Client, fn: () => T): T {
    const previous = this.active;
    if (!this.#installed(client)) this.activate(client);
    const restore = () => { if (!this.#installed(previous)) this.activate(previous); };
    const out = fn();
    if (out instanceof Promise) return out.finally(restore) as T;
    restore();
    return out;
  }

  /** Whether `client`'s globals, as `activate` made them for the world's current system, are the ones installed. */
  #installed(client: Client): boolean {
    const g = globalThis as Obj;
    const last = this.#last;
    return last !== undefined && this.active === client && last.client === client && g.game === last.game && g.foundry === last.foundry && last.systemId === this.systemId;
  }

  /** The server side of an actor update: permission, `preUpdateActor` on the caller, one write, `updateActor` everywhere. */
  /**
   * An actor update as Foundry v13 runs it (`ClientDatabaseBackend`
   * `#preUpdateDocumentArray`, then the server): permission; per actor, the
   * changes expanded, the system's `_preUpdate` (awaited when it is async:
   * Foundry always awaits it, the double keeps a synchronous one synchronous
   * so that its client switching stays valid), then `preUpdateActor`
   * on the caller only (false drops that actor); then the diff against the
   * actor (`diff`), and an actor whose diff is empty is skipped; ONE write for
   * the rest, merged as Foundry merges (`merge`), and `updateActor(actor,
   * diff + _id, options, userId)` on every client. On generation 14 the
   * expanded changes are cleaned first (`#clean`), as v14 does before
   * `_preUpdate`, and what the hooks leave may not use the legacy keys.
   */
  async updateActors(updates: Obj[], options: Obj): Promise<ActorDouble[]> {
    const caller = this.active;
    const batch: [ActorDouble, Obj][] = [];
    for (const { _id, ...rest } of updates) {
      const actor = this.actors.get(String(_id));
      if (actor === undefined) throw new Error(`no actor ${String(_id)}`);
      if (!actor.testUserPermission(caller.user, "OWNER")) throw new Error(`${caller.user.name} lacks permission to update ${actor.name}`);
      const changes = this.generation >= 14 ? this.#clean(expand(rest), actor) : expand(rest);
      const preUpdated = this.as(caller, () => this.preUpdate(actor, changes, options, caller.user));
      if (preUpdated instanceof Promise) await preUpdated;
      if (!this.as(caller, () => caller.hooks.call("preUpdateActor", actor, changes, options, caller.user.id))) continue;
      if (this.generation >= 14) rejectLegacyKeys(changes); // what the hooks wrote is applied with v14's operators too
      batch.push([actor, changes]);
    }
    // Server latency: until the update arrives, every client still reads the old data.
    if (this.latency > 0) await new Promise((r) => setTimeout(r, this.latency));
    for (let i = batch.length - 1; i >= 0; i--) {
      const [actor, changes] = batch[i]!;
      const changed = diff(actor as unknown as Obj, changes);
      if (Object.keys(changed).length > 0 || options.diff === false) batch[i] = [actor, options.diff === false ? changes : changed];
      else batch.splice(i, 1);
    }
    if (batch.length === 0) return [];
    this.writes.push({ collection: "Actor", ids: batch.map(([a]) => a.id), userId: caller.user.id });
    for (const [actor, changed] of batch) merge(actor as unknown as Obj, changed);
    // Each client gets the server's answer as its own copy; in it, ONE options object for the whole batch, and per
    // actor one change (with its `_id`) that `_onUpdate` and then the `updateActor` hook both receive (v13
    // `client/data/client-backend.mjs` `#handleUpdateDocuments`: `doc._onUpdate(change, options, userId)`,
    // `Hooks.callAll("updateActor", doc, change, options, userId)`; public copy, stored id 8223665884).
    for (const c of this.clients) {
      const received = structuredClone(options);
      this.as(c, () => {
        for (const [a, changed] of batch) {
          const change = structuredClone({ _id: a.id, ...changed });
          this.onUpdate(a, change, received, caller.user.id);
          c.hooks.callAll("updateActor", a, change, received, caller.user.id);
        }
      });
    }
    return batch.map(([a]) => a);
  }

  /**
   * v14's cleaning of an update before `_preUpdate`: legacy special keys fail
   * (see `rejectLegacyKeys`), keys outside the Actor schema are pruned, and in
   * a dnd5e world (a `TypeDataModel` system) so are keys under `system` that
   * the actor's system data does not have (its shape stands in for the schema).
   */
  #clean(changes: Obj, actor: ActorDouble): Obj {
    rejectLegacyKeys(changes);
    for (const key of Object.keys(changes)) if (!ACTOR_FIELDS.has(key)) delete changes[key];
    if (this.systemId === "dnd5e" && isPlain(changes.system)) prune(changes.system, actor.system);
    return changes;
  }

  /**
   * `ChatMessage.create` as v13 `ChatMessage#_preCreate` runs it: every
   * immediately-evaluated inline roll `[[formula]]` in the content STRING
   * (`/\[\[(.*?)(]{2,3})(?:{([^}]+)})?/g`) is rolled and replaced by its
   * result (`<a class="inline-roll inline-result">total</a>`; a formula that
   * is no roll stays as written, as `_createInlineRoll` returns null); then
   * one write.
   */
  async createMessage(data: Obj): Promise<MessageDouble> {
    const user = this.active.user;
    let content = String(data.content);
    for (const [expression, formula] of [...content.matchAll(/\[\[(.*?)(]{2,3})(?:{([^}]+)})?/g)]) {
      if (!RollDouble.validate(formula!)) continue;
      const roll = await new RollDouble(formula!).evaluate();
      content = content.replace(expression, `<a class="inline-roll inline-result" data-tooltip="${formula!}">${roll.total!}</a>`);
    }
    // The message exists once the server has answered (`world.latency`), as any database write.
    if (this.latency > 0) await new Promise((resolve) => setTimeout(resolve, this.latency));
    const m = new MessageDouble(this, `msg${++this.#ids}`, user, content, structuredClone((data.flags ?? {}) as Obj), (data.whisper as string[] | undefined) ?? []) satisfies Pick<ChatMessage.Implementation, "id" | "isOwner" | "content">;
    this.messages.set(m.id, m);
    this.writes.push({ collection: "ChatMessage", ids: [m.id], userId: user.id });
    return m;
  }

  /** A combat's update, as every client sees it (`updateCombat`). */
  updateCombat(combat: { combatants: { actor: ActorDouble }[] }, changed: Obj, options: Obj = { direction: 1 }): void {
    const userId = this.active.user.id;
    for (const c of this.clients) this.as(c, () => c.hooks.callAll("updateCombat", combat, changed, options, userId));
  }
}

/** The parts of the module API the tests call. */
export interface ApiLike {
  applyDamage(targets: unknown[], event: unknown, options?: object): Promise<{ messageId: string | null; relayed: boolean; targets: { uuid: string; final: number }[] }>;
  preview(actor: unknown, event: unknown, options?: object): { final: number; update: Obj };
  profiles: { register(input: unknown): unknown };
  undo(messageId: string): Promise<string>;
  redo(messageId: string): Promise<{ result: string; messageIds?: string[] }>;
}

/** Let pending promise callbacks run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}
