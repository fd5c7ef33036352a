/**
 * ApplicationV2 as far as the module's sheet code depends on it,
 * for tests in a DOM environment (happy-dom). Modelled on v13
 * `client/applications/api/application.mjs` (a public copy; see `README.md`):
 * - `render({ force })`, first render: `_renderHTML` (awaited) and
 *   `_replaceHTML` into the frame's content, THEN the instance is registered
 *   in `foundry.applications.instances` and inserted, THEN `_updateFrame`
 *   builds the header controls (`getHeaderControls…` hooks, `visible`
 *   evaluated now), THEN the `render…` hooks run (class chain, the concrete
 *   class first);
 * - a header control on v13 is an `<li data-action>` with a button whose
 *   click listener calls `onClick` (`_renderHeaderControl`); the click then
 *   bubbles to the frame, where `#onClickAction` runs `options.actions[action]`
 *   for the closest `[data-action]`;
 * - on v14 the controls are a context menu (fvtt-types 14.366
 *   `_headerControlContextEntries`); an entry runs its `onClick` when it has
 *   one, else the action (the double models the menu, not its markup).
 */

/** `Hooks.callAll` with any hook name (the class-chain hooks are not all in the module's hook types). */
const callAll = (hook: string, ...args: unknown[]) => (Hooks.callAll as unknown as (hook: string, ...a: unknown[]) => true)(hook, ...args);

type Handler = (this: ApplicationV2Double, event: Event, target: HTMLElement) => unknown;
/** A header control entry (`ApplicationHeaderControlsEntry`). */
export interface ControlDouble { action: string; icon: string; label: string; visible?: boolean | (() => boolean); onClick?: (event: Event, target?: HTMLElement) => unknown }

export class ApplicationV2Double {
  static DEFAULT_OPTIONS: Record<string, unknown> = {};
  /** `foundry.applications.instances` of the active client (set by `double.ts`). */
  static instances: Map<string, ApplicationV2Double>;
  /** Foundry's generation: 13 renders controls as buttons, 14 as a context menu. */
  static generation: 13 | 14 = 13;
  static #ids = 0;
  readonly options: { id: string; actions: Record<string, Handler>; classes: string[] };
  element: HTMLElement | null = null;
  /** The header controls as built in `_updateFrame` (the visible ones). */
  controls: ControlDouble[] = [];
  tabGroups: Record<string, string> = {};
  fronted = 0;
  constructor(options: { id?: string } = {}) {
    const defaults = (this.constructor as typeof ApplicationV2Double).DEFAULT_OPTIONS as { actions?: Record<string, Handler>; classes?: string[] };
    this.options = { id: options.id ?? `app-${++ApplicationV2Double.#ids}`, actions: { ...(defaults.actions ?? {}) }, classes: [...(defaults.classes ?? [])] };
  }
  get id(): string { return this.options.id; }
  get rendered(): boolean { return this.element !== null; }
  /** The class chain from the concrete class up to ApplicationV2 (hook names). */
  #chain(): string[] {
    const names: string[] = [];
    for (let c = this.constructor as { name: string } | null; c !== null && c.name !== ""; c = Object.getPrototypeOf(c) as { name: string } | null) {
      names.push(c === ApplicationV2Double ? "ApplicationV2" : c.name);
      if (c === ApplicationV2Double) break;
    }
    return names;
  }
  async _renderHTML(): Promise<unknown> { return undefined; }
  _replaceHTML(_result: unknown, _content: HTMLElement): void {}
  bringToFront(): void { this.fronted++; }
  changeTab(tab: string, group: string): void { this.tabGroups[group] = tab; }
  async render({ force = false }: { force?: boolean } = {}): Promise<this> {
    const first = this.element === null;
    if (first && !force) return this;
    const frame = first ? document.createElement("div") : this.element!;
    if (first) {
      frame.id = this.id;
      frame.innerHTML = '<header class="window-header"><menu class="controls-dropdown"></menu></header><section class="window-content"></section>';
      frame.addEventListener("click", (event) => this.#onClick(event));
    }
    this._replaceHTML(await this._renderHTML(), frame.querySelector<HTMLElement>(".window-content")!);
    if (first) {
      ApplicationV2Double.instances.set(this.id, this);
      this.element = frame;
      document.body.append(frame);
      this.#updateFrame();
    }
    for (const name of this.#chain()) callAll(`render${name}`, this, frame, {}, {});
    return this;
  }
  /** `_updateFrame` on the first render: `getHeaderControls…` hooks, `visible` filter, one `<li>` per control (v13). */
  #updateFrame(): void {
    const controls: ControlDouble[] = [];
    for (const name of this.#chain()) callAll(`getHeaderControls${name}`, this, controls);
    this.controls = controls.filter((c) => (typeof c.visible === "function" ? c.visible.call(this) : (c.visible ?? true)));
    if (ApplicationV2Double.generation >= 14) return; // a context menu, built from `this.controls`
    const menu = this.element!.querySelector(".controls-dropdown")!;
    for (const c of this.controls) {
      const li = document.createElement("li");
      li.className = "header-control";
      li.dataset.action = c.action;
      const button = document.createElement("button");
      button.type = "button";
      if (typeof c.onClick === "function") button.addEventListener("click", (event) => { event.preventDefault(); void c.onClick!(event); });
      li.append(button);
      menu.append(li);
    }
  }
  /** `#onClick` / `#onClickAction`: the closest `[data-action]` runs its handler from `options.actions`. */
  #onClick(event: Event): void {
    const target = (event.target as HTMLElement).closest<HTMLElement>("[data-action]");
    const handler = target === null ? undefined : this.options.actions[target.dataset.action!];
    handler?.call(this, event, target!);
  }
  /** A user's click on the header control `action`: its button (v13) or its context menu entry (v14). */
  clickControl(action: string): void {
    const control = this.controls.find((c) => c.action === action);
    if (control === undefined) throw new Error(`no visible header control ${action}`);
    if (ApplicationV2Double.generation < 14) {
      this.element!.querySelector<HTMLElement>(`.controls-dropdown [data-action="${action}"] button`)!.click();
      return;
    }
    const event = new MouseEvent("click");
    if (typeof control.onClick === "function") void control.onClick(event, this.element!);
    else this.options.actions[action]?.call(this, event, this.element!);
  }
}

/** `DocumentSheetV2` and `ActorSheetV2` of the chain (hook names `…DocumentSheetV2`, `…ActorSheetV2`). */
export class DocumentSheetV2 extends ApplicationV2Double {}
export class ActorSheetV2 extends DocumentSheetV2 {
  constructor(readonly actor: unknown, readonly html: string) {
    super();
  }
  override async _renderHTML(): Promise<string> { return this.html; }
  override _replaceHTML(result: unknown, content: HTMLElement): void { content.innerHTML = String(result); }
}
