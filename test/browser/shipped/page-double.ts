/**
 * The Foundry globals of the shipped-build page (`shipped.test.ts`): the
 * test double of `test/foundry/double.ts` (its `World`, actors, users,
 * messages, settings and hooks, unchanged), bundled for the browser by
 * `./serve.ts` and run as a classic script BEFORE the module's own
 * `<script type="module">`, as Foundry's globals exist before a module's
 * code runs. What the Node double reads from the repository is read here
 * from the server instead, by URL, so a file missing from the zip fails:
 *
 * - `game.i18n`: the manifest's `languages` of the page's language, fetched
 *   from `modules/damage-chain/<path>` (Foundry v13 `Localization
 *   #loadTranslationFile` does `fetch(src)`; the package's language paths are
 *   relative to its folder), merged as `localize`/`format`/`has` read them;
 * - `renderTemplate` / `loadTemplates`: the template fetched from its path
 *   (`modules/damage-chain/templates/...`), compiled once with Handlebars;
 * - `ApplicationV2`: just enough of v13's render cycle for the windows
 *   (`_prepareContext`, `_renderHTML`, `_replaceHTML` into a
 *   `.window-content`, actions by `data-action` clicks, `close`).
 *
 * Node-only imports of the double (`node:fs` for its lang file and
 * partials, `vitest` for `vi.resetModules`) are replaced by `./node-stubs.ts`
 * in the bundle; `World.connect` (which imports the sources) is never called.
 */
import Handlebars from "handlebars";
import { World, type ActorSeed, type Client } from "../../foundry/double.ts";

type Obj = Record<string, unknown>;
const MODULE = "modules/damage-chain";

/** Dotted lookup in a translation tree (Foundry's `getProperty`). */
function lookup(tree: Obj, key: string): string | undefined {
  let cur: unknown = tree;
  for (const seg of key.split(".")) cur = cur !== null && typeof cur === "object" ? (cur as Obj)[seg] : undefined;
  return typeof cur === "string" ? cur : undefined;
}

/** Fetch `url`; anything but 200 throws, naming the URL (the test reads the page's errors). */
async function fetchText(url: string): Promise<string> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`page double: ${url} answered ${res.status}`);
  return res.text();
}

const translations: Obj = {};
const i18n = {
  lang: "en",
  localize: (key: string) => lookup(translations, key) ?? key,
  format: (key: string, data: Record<string, unknown> = {}) => i18n.localize(key).replace(/\{([^}]+)\}/g, (m, k: string) => (k in data ? String(data[k]) : m)),
  has: (key: string) => lookup(translations, key) !== undefined,
};

const hb = Handlebars.create();
hb.registerHelper("localize", (key: string, opts: Handlebars.HelperOptions) => (Object.keys(opts.hash as object).length > 0 ? i18n.format(key, opts.hash as Obj) : i18n.localize(key)));
// Foundry v13's own Handlebars helpers the templates use (`HandlebarsHelpers`).
hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
hb.registerHelper("checked", (v: unknown) => (v ? "checked" : ""));
hb.registerHelper("disabled", (v: unknown) => (v ? "disabled" : ""));
hb.registerHelper("selectOptions", (choices: Record<string, string>, options: Handlebars.HelperOptions) => {
  const { selected, localize } = options.hash as { selected?: string; localize?: boolean };
  const esc = hb.Utils.escapeExpression;
  return new hb.SafeString(Object.entries(choices).map(([v, l]) => `<option value="${esc(v)}"${v === selected ? " selected" : ""}>${esc(localize ? i18n.localize(l) : l)}</option>`).join(""));
});
const compiled = new Map<string, Promise<Handlebars.TemplateDelegate>>();
/** Foundry's `getTemplate`: fetched by its path once, compiled once. */
function getTemplate(path: string): Promise<Handlebars.TemplateDelegate> {
  let t = compiled.get(path);
  if (t === undefined) compiled.set(path, (t = fetchText(`/${path}`).then((src) => hb.compile(src))));
  return t;
}
const handlebars = {
  renderTemplate: async (path: string, data: object) => (await getTemplate(path))(data),
  /** v13 `loadTemplates`: a record registers each template as a partial under its name. */
  loadTemplates: async (paths: string[] | Record<string, string>) => {
    const entries = Array.isArray(paths) ? paths.map((p) => [p, p]) : Object.entries(paths);
    return Promise.all(
      entries.map(async ([name, path]) => {
        const src = await fetchText(`/${path!}`);
        hb.registerPartial(name!, src);
        return hb.compile(src);
      }),
    );
  },
};

/** Open windows by id (`foundry.applications.instances`). */
const instances = new Map<string, ApplicationV2>();

/** Just enough of v13's `ApplicationV2` render cycle for the module's windows (see the file doc). */
class ApplicationV2 {
  static DEFAULT_OPTIONS: Obj = {};
  element!: HTMLElement;
  readonly options: { id: string; classes: string[]; actions: Record<string, (this: ApplicationV2, event: Event, target: HTMLElement) => unknown> };
  constructor() {
    const o = (this.constructor as typeof ApplicationV2).DEFAULT_OPTIONS as { id?: string; classes?: string[]; actions?: ApplicationV2["options"]["actions"] };
    this.options = { id: o.id ?? `app-${instances.size}`, classes: o.classes ?? [], actions: o.actions ?? {} };
  }
  get id(): string { return this.options.id; }
  async _prepareContext(): Promise<Obj> { return {}; }
  async _renderHTML(_context: Obj, _options: Obj): Promise<unknown> { return undefined; }
  _replaceHTML(_result: unknown, _content: HTMLElement, _options: Obj): void {}
  async _onRender(_context: Obj, _options: Obj): Promise<void> {}
  async render(options: Obj = {}): Promise<this> {
    if (this.element === undefined) {
      const el = document.createElement("div");
      el.id = this.id;
      el.className = ["application", ...this.options.classes].join(" ");
      el.innerHTML = `<section class="window-content"></section>`;
      el.addEventListener("click", (event) => {
        const target = (event.target as HTMLElement).closest<HTMLElement>("[data-action]");
        const action = target?.dataset.action === undefined ? undefined : this.options.actions[target.dataset.action];
        if (action !== undefined) void action.call(this, event, target!);
      });
      document.body.append(el);
      this.element = el;
      instances.set(this.id, this);
    }
    const context = await this._prepareContext();
    const result = await this._renderHTML(context, options);
    this._replaceHTML(result, this.element.querySelector<HTMLElement>(".window-content")!, options);
    await this._onRender(context, options);
    return this;
  }
  async close(): Promise<this> {
    this.element?.remove();
    instances.delete(this.id);
    return this;
  }
}

/** The test's table: a GM and one world actor with the given defenses. */
export interface TableSeed {
  actor: ActorSeed;
}

let world: World | undefined;

/**
 * Start the game as Foundry does after the module's scripts ran: `init`, the
 * translations of `lang` fetched from the manifest's paths, `i18nInit`,
 * `setup`, `ready`. `manifest` is module.json as the server read it from the
 * module's folder.
 */
async function boot(seed: TableSeed, manifest: { languages?: { lang: string; path: string }[] }, lang = "en"): Promise<void> {
  world!.addActor(seed.actor);
  const hooks = world!.active.hooks;
  hooks.callAll("init");
  for (const l of manifest.languages ?? []) if (l.lang === lang) Object.assign(translations, JSON.parse(await fetchText(`/${MODULE}/${l.path}`)) as Obj);
  i18n.lang = lang;
  hooks.callAll("i18nInit");
  hooks.callAll("setup");
  hooks.callAll("ready");
}

/** Put the page's parts over the globals the double installs (it installs them again whenever it switches clients). */
function patch(): void {
  const g = globalThis as unknown as { game: Obj; foundry: { utils: Obj; applications: Obj } };
  g.game.i18n = i18n;
  // Foundry's `game.actors` is the world's live collection: an actor added after the globals were installed is in it.
  Object.defineProperty(g.game, "actors", { get: () => [...world!.actors.values()], configurable: true, enumerable: true });
  g.game.packs = [];
  g.foundry.utils = { ...g.foundry.utils, saveDataToFile: () => undefined };
  g.foundry.applications = {
    ...g.foundry.applications,
    handlebars,
    instances,
    api: { ApplicationV2, HandlebarsApplicationMixin: <T>(Base: T) => Base, DialogV2: { confirm: async () => true } },
  };
}

function install(): Client {
  world = new World();
  const activate = world.activate.bind(world);
  world.activate = (client: Client) => {
    activate(client);
    patch();
  };
  return world.addClient(world.addUser("gm", true));
}

/**
 * A minimal actor sheet (ApplicationV2 with a primary tab navigation, as a
 * core v13 sheet renders one) for `actorId`, and its `renderActorSheetV2`
 * hook, so the module adds its Defenses tab.
 */
function renderSheet(actorId: string): void {
  const actor = world!.actors.get(actorId)!;
  const root = document.createElement("div");
  root.className = "application sheet actor";
  root.innerHTML = `<nav class="sheet-tabs tabs" data-group="primary"><a data-tab="main" data-group="primary" class="active">Main</a></nav><section class="tab active" data-tab="main" data-group="primary">Main</section>`;
  document.body.append(root);
  const sheet = {
    actor,
    tabGroups: { primary: "main" } as Record<string, string>,
    changeTab(tab: string, group: string) {
      sheet.tabGroups[group] = tab;
      for (const el of root.querySelectorAll<HTMLElement>(`[data-group="${group}"][data-tab]`)) el.classList.toggle("active", el.dataset.tab === tab);
    },
  };
  world!.active.hooks.callAll("renderActorSheetV2", sheet, root, {}, {});
}

/** Draw every chat message into `#chat-log` as v13's chat log does (`renderChatMessageHTML`). */
function renderChat(): number {
  const log = document.querySelector("#chat-log")!;
  log.replaceChildren();
  for (const message of world!.messages.values()) {
    const li = document.createElement("li");
    li.className = "chat-message message";
    li.dataset.messageId = message.id;
    li.innerHTML = `<div class="message-content">${message.content}</div>`;
    log.append(li);
    world!.active.hooks.callAll("renderChatMessageHTML", message, li, {});
  }
  return world!.messages.size;
}

const double = {
  boot,
  renderSheet,
  renderChat,
  /** The token HUD's bar edit (`Actor#modifyTokenAttribute`, delta). */
  hudHit: (actorId: string, delta: number) => world!.actors.get(actorId)!.modifyTokenAttribute("attributes.hp", delta, true, true).then(() => undefined),
  hp: (actorId: string) => (world!.actors.get(actorId)!.system.attributes as { hp: { value: number } }).hp.value,
  flags: (actorId: string) => structuredClone(world!.actors.get(actorId)!.flags),
  messages: () => [...world!.messages.values()].map((m) => ({ id: m.id, whisper: m.whisper, flags: structuredClone(m.flags) })),
  notes: () => [...world!.active.notes],
  hookErrors: () => world!.active.hooks.errors.map((e) => `${e.hook}: ${String(e.error)}`),
  /** The GM's scene control tools (`getSceneControlButtons`), by name → open the tool's window. */
  clickTool: (name: string) => {
    const controls: Record<string, { tools: Record<string, { onChange?: () => void; onClick?: () => void }> }> = { tokens: { tools: {} } };
    world!.active.hooks.callAll("getSceneControlButtons", controls);
    const tool = Object.values(controls).flatMap((c) => Object.entries(c.tools)).find(([n]) => n === name)?.[1];
    if (tool === undefined) throw new Error(`page double: no scene control tool ${name} (have ${Object.values(controls).flatMap((c) => Object.keys(c.tools)).join(", ")})`);
    (tool.onChange ?? tool.onClick)!();
  },
};

declare global {
  interface Window {
    foundryDouble: typeof double;
  }
}

install();
window.foundryDouble = double;
