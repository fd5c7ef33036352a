/**
 * One connected browser of the Foundry test double (see `double.ts`,
 * `README.md` here): its user, hooks, `CONFIG`, notifications, controlled
 * tokens and module copy, and the globals (`game`, `Hooks`, `CONFIG`, `ui`,
 * `canvas`, `Actor`, `Roll`, `ChatMessage`, `foundry`, ...) that
 * `World#activate` installs for it.
 */
import { seededRandom } from "../../src/core/random.ts";
import { ForcedDeletionDouble, HooksDouble, i18n, loadTemplates, renderTemplate, type Obj } from "./double-base.ts";
import type { UserDouble } from "./double-user.ts";
import { SocketDouble } from "./double-socket.ts";
import { RollDouble } from "./double-roll.ts";
import { ApplicationV2Double } from "./double-app.ts";
import { ActorDouble } from "./double-documents.ts";
import type { World } from "./double.ts";

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

/**
 * Install `client`'s globals for `world`, as `World#activate` does: `game`
 * (release, users, i18n, time, socket, scenes, system, modules, messages,
 * settings), `Hooks`, `CONFIG`, `dnd5e` in a dnd5e world, `ui`, `canvas`,
 * `Actor`, `Roll`, `fromUuidSync`, `ChatMessage`, `foundry` and, on
 * generation 14, `_del`. `randomID` is `foundry.utils.randomID` (the world
 * counts its ids).
 */
export function installGlobals(world: World, client: Client, randomID: () => string): void {
  const g = globalThis as Obj;
  const time = {};
  const scenes = world.scenes;
  const messages = world.messages;
  Object.defineProperty(time, "worldTime", { get: () => world.worldTime });
  g.game = {
    release: { generation: world.generation },
    user: client.user, users: world.users, i18n, time, socket: client.socket,
    scenes: { get viewed() { return scenes[0]; }, get active() { return scenes[0]; } },
    system: { id: world.systemId, primaryTokenAttribute: "attributes.hp" },
    modules: { get: (id: string) => (id === client.module.id ? client.module : world.modules.get(id)) },
    messages: { get: (id: string) => messages.get(id), get contents() { return [...messages.values()]; } },
    settings: {
      register: (ns: string, key: string, data: { default?: unknown; onChange?: (v: unknown) => void }) => client.settingConfig.set(`${ns}.${key}`, data),
      registerMenu: () => undefined,
      get: (ns: string, key: string) => (world.settings.has(`${ns}.${key}`) ? world.settings.get(`${ns}.${key}`) : client.settingConfig.get(`${ns}.${key}`)?.default),
      set: async (ns: string, key: string, value: unknown) => world.setSetting(`${ns}.${key}`, value),
    },
  };
  g.Hooks = client.hooks;
  g.CONFIG = client.config;
  // dnd5e defines its namespace when its script is evaluated, before init (dnd5e.mjs); other systems have none.
  if (world.systemId === "dnd5e") g.dnd5e = client.dnd5e ??= world.makeDnd5e();
  else delete g.dnd5e;
  g.ui = { notifications: Object.fromEntries(["info", "warn", "error"].map((level) => [level, (text: string) => client.notes.push({ level, text })])) };
  g.canvas = { tokens: { controlled: client.controlled } };
  g.Actor = ActorDouble;
  g.Roll = RollDouble;
  g.fromUuidSync = (uuid: string) => world.actors.get(uuid.replace(/^Actor\./, "")) ?? null;
  g.ChatMessage = {
    implementation: { create: (data: Obj) => world.createMessage(data) },
    getWhisperRecipients: (name: string) => (name === "GM" ? world.userList.filter((u) => u.isGM) : []),
  };
  g.foundry = {
    utils: { randomID, escapeHTML: (s: string) => s.replace(/[<>&"]/g, "") },
    applications: {
      handlebars: { renderTemplate, loadTemplates },
      api: { ApplicationV2: ApplicationV2Double, HandlebarsApplicationMixin: (Base: new () => object) => class extends Base {}, DialogV2: { confirm: async () => true } },
      instances: client.instances,
    },
    ...(world.generation >= 14 ? { data: { operators: { ForcedDeletion: ForcedDeletionDouble } } } : {}),
  };
  ApplicationV2Double.instances = client.instances;
  ApplicationV2Double.generation = world.generation;
  if (world.generation >= 14) g._del = new ForcedDeletionDouble();
  else delete g._del;
}
