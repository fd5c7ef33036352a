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
 * The documents (actors, tokens, scenes, messages) live in
 * `double-documents.ts`, a client and the globals it installs in
 * `double-client.ts` (this file re-exports them), the server side of an
 * actor update in `double-update.ts`.
 *
 * A `World` plays the server: it holds the documents, counts writes, calls
 * `preUpdate*` hooks on the client that starts a change only and `update*`
 * hooks on every client (as Foundry does). Each `Client` loads its own copy
 * of the module (fresh module graph), so two GM clients really are two.
 */
import { vi } from "vitest";
import { isPlain, type Obj } from "./double-base.ts";
import { UserDouble } from "./double-user.ts";
import { RollDouble } from "./double-roll.ts";
import { dnd5eNamespace } from "./dnd5e-double.ts";
import { ActorDouble, MessageDouble, SceneDouble, TokenDouble, type ActorSeed } from "./double-documents.ts";
import { Client, installGlobals } from "./double-client.ts";
import { updateActors } from "./double-update.ts";

export { UserDouble, ActorDouble, MessageDouble, SceneDouble, TokenDouble, Client, type ActorSeed };

/** Foundry's major version the double plays (`game.release.generation`). */
export type Generation = 13 | 14;
/** The generation a `World` plays unless told: `DC_FOUNDRY_GENERATION` (set per vitest project), else 13. */
// Read through globalThis: the shipped-build test runs this double in a browser page, where there is no `process`.
export const DEFAULT_GENERATION: Generation = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.DC_FOUNDRY_GENERATION === "14" ? 14 : 13;

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

  /** Connect `user`'s client and load the module in it (fresh module graph): registration, `init`, `ready`. */
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
    installGlobals(this, client, () => `id${String(++this.#ids).padStart(14, "0")}`);
    const g = globalThis as Obj;
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

  /** The server side of an actor update: permission, `preUpdateActor` on the caller, one write, `updateActor` everywhere (`updateActors` in `double-update.ts`). */
  updateActors(updates: Obj[], options: Obj): Promise<ActorDouble[]> {
    return updateActors(this, updates, options);
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
