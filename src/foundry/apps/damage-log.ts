/**
 * The damage log: an ApplicationV2 window listing the damage
 * history (`history.ts`) newest first, filterable by actor, combat round and
 * applier, each entry with a link to its card, and Undo (the newest hit, as
 * the card's own button) and Redo (an undone hit, `hit/redo.ts`) for the
 * users who may. GMs open the whole world's log from the token tools or the
 * module settings; GMs and owners open one actor's history from its
 * Defenses tab (locked to that actor). Built on first use.
 */
import { mayUndo, undoCard } from "../card/undo.ts";
import { cardFlags } from "../card/flags.ts";
import { TEMPLATES } from "../constants.ts";
import { redoCard } from "../hit/redo.ts";
import { RelayError } from "../relay/client.ts";
import { setting } from "../settings/settings.ts";
import { damageHistory, filterHistory, type HistoryFilter } from "./history.ts";

const LOG_ID = "damage-chain-log";
const messageOf = (id: string | undefined) => (id === undefined ? undefined : (game.messages?.get(id) as ChatMessage.Implementation | undefined));

/** Run a card action from the log and show the log again; a RelayError was already shown to the user. */
async function act(run: () => Promise<unknown>, app: { render(): unknown }): Promise<void> {
  try {
    await run();
  } catch (err) {
    if (!(err instanceof RelayError)) console.error(err);
  }
  app.render();
}

function makeClass() {
  const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
  return class DamageLog extends HandlebarsApplicationMixin(ApplicationV2) {
    filter: HistoryFilter;

    constructor(readonly lockedActor: Actor.Implementation | undefined) {
      super({ id: lockedActor === undefined ? LOG_ID : `${LOG_ID}-${lockedActor.id ?? ""}` });
      this.filter = lockedActor === undefined ? {} : { actor: lockedActor.uuid };
    }

    static override DEFAULT_OPTIONS = {
      classes: ["damage-chain-window"],
      window: { title: "DAMAGECHAIN.History.Title", icon: "fa-solid fa-clock-rotate-left", resizable: true },
      position: { width: 560, height: 620 },
      actions: {
        showCard(this: DamageLog, _event: Event, target: HTMLElement) {
          const id = target.dataset.messageId;
          ui.chat?.activate?.();
          document.querySelector(`#chat [data-message-id="${CSS.escape(id ?? "")}"]`)?.scrollIntoView({ block: "center" });
        },
        undo(this: DamageLog, _event: Event, target: HTMLElement) {
          const message = messageOf(target.dataset.messageId);
          if (message !== undefined) void act(() => undoCard(message), this);
        },
        redo(this: DamageLog, _event: Event, target: HTMLElement) {
          const message = messageOf(target.dataset.messageId);
          if (message !== undefined) void act(() => redoCard(message), this);
        },
      },
    };

    static override PARTS = { log: { template: TEMPLATES.damageLog, scrollable: [".damage-chain-log__entries"] } };

    override get title(): string {
      const base = game.i18n!.localize("DAMAGECHAIN.History.Title");
      return this.lockedActor === undefined ? base : `${base}: ${this.lockedActor.name ?? ""}`;
    }

    override async _prepareContext(): Promise<Record<string, unknown>> {
      const all = damageHistory((game.messages?.contents ?? []) as never[], setting("historySize"));
      const user = game.user!;
      const actors = new Map<string, string>();
      for (const e of all) for (const t of e.targets) actors.set(t.uuid, t.name);
      const rounds = [...new Set(all.flatMap((e) => (e.round === undefined ? [] : [e.round])))].sort((a, b) => a - b);
      const appliers = new Map(all.map((e) => [e.applierId, e.applierName]));
      const format = new Intl.DateTimeFormat(game.i18n!.lang, { dateStyle: "short", timeStyle: "medium" });
      const entries = filterHistory(all, this.filter).map((e) => {
        const flags = cardFlags(messageOf(e.messageId)!);
        return { ...e, time: format.format(e.time), undoable: !e.reverted && flags !== undefined && mayUndo(user, flags), redoable: e.redoable && flags !== undefined && mayUndo(user, flags) };
      });
      return {
        lockedActor: this.lockedActor !== undefined,
        actors: [...actors].map(([uuid, name]) => ({ uuid, name, selected: uuid === this.filter.actor })),
        rounds: rounds.map((value) => ({ value, selected: value === this.filter.round })),
        appliers: [...appliers].map(([id, name]) => ({ id, name, selected: id === this.filter.applier })),
        entries,
      };
    }

    protected override async _onRender(context: object, options: object): Promise<void> {
      await super._onRender(context as never, options as never);
      for (const select of this.element.querySelectorAll<HTMLSelectElement>("select[data-filter]")) {
        select.addEventListener("change", () => {
          const value = select.value === "" ? undefined : select.value;
          if (select.name === "actor" && this.lockedActor === undefined) this.filter.actor = value;
          if (select.name === "round") this.filter.round = value === undefined ? undefined : Number(value);
          if (select.name === "applier") this.filter.applier = value;
          void this.render();
        });
      }
    }
  };
}

let cls: ReturnType<typeof makeClass> | undefined;

/** Open the damage log: the world's (GMs), or `actor`'s history (its Defenses tab). Brings an open one to the front. */
export function openDamageLog(actor?: Actor.Implementation): void {
  const id = actor === undefined ? LOG_ID : `${LOG_ID}-${actor.id ?? ""}`;
  const open = foundry.applications.instances.get(id);
  if (open !== undefined) {
    open.bringToFront();
    return;
  }
  cls ??= makeClass();
  void new cls(actor).render({ force: true });
}

/** The settings menu's window class (GMs: the world's log). */
export function damageLogClass() {
  cls ??= makeClass();
  const Log = cls;
  return class WorldDamageLog extends Log {
    constructor() {
      super(undefined);
    }
  };
}
