/**
 * The Apply Damage dialog, for systems with no
 * damage application of their own: an amount or a roll formula ("2d6+3",
 * rolled once with Foundry's `Roll`), damage types, traits, source tags, and
 * whether to hit the targeted or the selected tokens, with a per-target
 * preview of the result before applying (`apply-preview.ts`). Reachable from the
 * token scene controls and from a macro
 * (`game.modules.get("damage-chain").api.openApplyDialog()`).
 * The class is built on first use, when Foundry's application classes exist.
 */
import { DEFAULT_DAMAGE_TYPES } from "../../core/model/profile.ts";
import { applyDamage } from "../hit/apply.ts";
import { partBoxes, reactionBoxes, shareSelect, sharesFromForm, targetsWithShares } from "./apply-shares.ts";
import { readFlags } from "../actor/data.ts";
import { TEMPLATES } from "../constants.ts";
import { activeProfile } from "../settings/profiles.ts";
import { RelayError } from "../relay/client.ts";
import { actorsOf, type TargetLike } from "../actor/targets.ts";
import { localizer } from "../localizer.ts";
import { typeLabel } from "../../core/labels.ts";
import { previewRows, rollAmount, type RolledAmount } from "./apply-preview.ts";

/** The dialog's application id: one Apply Damage dialog at a time. */
const DIALOG_ID = "damage-chain-apply";

/** Traits offered as checkboxes (RULES.md §1); others can be typed in. */
export const DIALOG_TRAITS = ["environmental", "advantage", "critical", "ongoing", "silvered", "magical", "imbued", "pierce", "unpreventable", "burst", "blast"] as const;

/** Split "fire, cold  acid" into ["fire", "cold", "acid"] (lower case, no empties). */
export function splitList(text: unknown): string[] {
  return String(text ?? "")
    .split(/[\s,;]+/)
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s.length > 0);
}

/**
 * The damage event described by the dialog's form values, for the rolled
 * `amount` (points of damage). A roll's formula and total go into the
 * label ("Fireball: 8d6 = 27"), so the card shows what was rolled.
 */
export function eventFromForm(values: Record<string, unknown>, amount: RolledAmount): Record<string, unknown> {
  const traits = new Set(splitList(values.otherTraits));
  for (const t of DIALOG_TRAITS) if (values[`trait.${t}`] === true) traits.add(t);
  const types = new Set<string>();
  for (const [name, on] of Object.entries(values)) if (name.startsWith("type.") && on === true) types.add(name.slice(5));
  for (const t of splitList(values.types)) types.add(t);
  // Several parts: each with the types typed after it, else the ones ticked.
  const parts = amount.parts === undefined ? [{ amount: amount.total, types: [...types] }] : amount.parts.map((p) => ({ amount: p.total, types: p.types.length > 0 ? p.types : [...types] }));
  const event: Record<string, unknown> = {
    parts,
    traits: [...traits],
    source: { tags: splitList(values.tags) },
  };
  const rolled = amount.formula === undefined ? "" : `${amount.formula} = ${amount.parts === undefined ? amount.total : amount.parts.map((p) => p.total).join(" + ")}`;
  const label = [String(values.label ?? "").trim(), rolled].filter((x) => x !== "").join(": ");
  if (label !== "") event.label = label;
  return event;
}

/** What was rolled, each part with its types in the reader's language ("7 Slashing + 4 Fire"), or the total. */
function rolledText(amount: RolledAmount): string {
  const l = localizer();
  return amount.parts === undefined ? String(amount.total) : amount.parts.map((p) => [String(p.total), ...p.types.map((t) => typeLabel(t, l))].join(" ")).join(" + ");
}

/** The reactions an actor's stored defenses offer (Uncanny Dodge), named by their label or their recipe; none when its flags cannot be read. */
function reactionsOf(actor: Actor.Implementation | undefined): { id: string; label: string }[] {
  const read = actor === undefined ? undefined : readFlags(actor);
  if (read === undefined || !read.ok) return [];
  return read.value.defenses.reactions.map((r) => ({ id: r.id, label: r.label ?? game.i18n!.localize("DAMAGECHAIN.Defense.reaction") }));
}

function selectedTargets(mode: unknown): TargetLike[] {
  if (mode === "selected") return [...(canvas?.tokens?.controlled ?? [])];
  return [...(game.user?.targets ?? [])];
}

/** The roll this dialog made for `text`, or a new one (a formula is rolled once, then previewed and applied with that total). */
async function amountFor(text: unknown, last: { text: string; amount: RolledAmount } | undefined): Promise<RolledAmount | undefined> {
  const s = String(text ?? "").trim();
  if (last !== undefined && last.text === s) return last.amount;
  return rollAmount(s);
}

async function submit(values: Record<string, unknown>, amount: RolledAmount | undefined): Promise<void> {
  const targets = selectedTargets(values.targets);
  if (targets.length === 0) {
    ui.notifications?.warn(game.i18n!.localize("DAMAGECHAIN.Dialog.NoTargets"));
    return;
  }
  if (amount === undefined) {
    ui.notifications?.warn(game.i18n!.format("DAMAGECHAIN.Dialog.BadFormula", { formula: String(values.amount ?? "") }));
    return;
  }
  try {
    await applyDamage(targetsWithShares(targets, values), eventFromForm(values, amount));
  } catch (err) {
    if (!(err instanceof RelayError)) ui.notifications?.error(game.i18n!.format("DAMAGECHAIN.Dialog.Invalid", { error: (err as Error).message }));
  }
}

function makeClass() {
  const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
  return class ApplyDamageDialog extends HandlebarsApplicationMixin(ApplicationV2) {
    /** The last roll: its formula as typed and its total, applied as previewed. */
    rolled: { text: string; amount: RolledAmount } | undefined;

    static override DEFAULT_OPTIONS = {
      id: DIALOG_ID,
      tag: "form",
      window: { title: "DAMAGECHAIN.Dialog.Title", icon: "fa-solid fa-burst" },
      position: { width: 440 },
      form: {
        handler: async function (this: ApplyDamageDialog, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }) {
          await submit(formData.object, await amountFor(formData.object.amount, this.rolled));
        },
        closeOnSubmit: true,
        submitOnChange: false,
      },
      actions: {
        /** Roll the formula again and preview the new total. */
        reroll(this: ApplyDamageDialog) {
          this.rolled = undefined;
          void this.refreshPreview();
        },
      },
    };

    /** Roll (once per formula) and list what the hit would do to each target, in the form's preview list. */
    async refreshPreview(): Promise<void> {
      const form = this.element as HTMLFormElement;
      const values = Object.fromEntries(new FormData(form).entries()) as Record<string, unknown>;
      for (const t of DIALOG_TRAITS) values[`trait.${t}`] = form.querySelector<HTMLInputElement>(`[name="trait.${t}"]`)?.checked === true;
      for (const box of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name^="type."]')) values[box.name] = box.checked;
      const text = String(values.amount ?? "").trim();
      const amount = await amountFor(text, this.rolled);
      if (amount !== undefined) this.rolled = { text, amount };
      const total = form.querySelector<HTMLElement>("[data-rolled]");
      if (total) total.textContent = amount === undefined ? game.i18n!.localize("DAMAGECHAIN.Dialog.NoRoll") : amount.formula === undefined && amount.parts === undefined ? "" : `= ${rolledText(amount)}`;
      const list = form.querySelector<HTMLElement>("[data-preview]");
      if (!list) return;
      const actors = actorsOf(selectedTargets(values.targets)).actors;
      const shares = sharesFromForm(values);
      const event = amount === undefined ? undefined : eventFromForm(values, amount);
      const rows = event === undefined ? [] : previewRows(actors, event, localizer(), shares);
      const partTypes = ((event?.parts ?? []) as { types: string[] }[]).map((p) => p.types);
      list.replaceChildren(...rows.map((r) => {
        const li = document.createElement("li");
        const text = document.createElement("span");
        text.textContent = `${r.name}: ${game.i18n!.format("DAMAGECHAIN.Dialog.PreviewRow", { incoming: String(r.incoming), dealt: String(r.dealt) })}${r.change === undefined ? "" : ` · ${r.change}`}${r.note === undefined ? "" : ` · ${r.note}`}`;
        li.append(text, ...partBoxes(r.uuid, r.name, partTypes, shares.get(r.uuid)?.parts), shareSelect(r.uuid, r.name, shares.get(r.uuid)?.multiplier ?? 1), ...reactionBoxes(r.uuid, r.name, reactionsOf(actors.find((a) => a.uuid === r.uuid)), shares.get(r.uuid)?.reactions));
        return li;
      }));
      if (rows.length === 0) {
        const li = document.createElement("li");
        li.textContent = game.i18n!.localize("DAMAGECHAIN.Dialog.NoTargets");
        list.replaceChildren(li);
      }
    }

    protected override _onChangeForm(formConfig: foundry.applications.api.ApplicationV2.FormConfiguration, event: Event): void {
      super._onChangeForm(formConfig, event);
      void this.refreshPreview();
    }

    protected override async _onRender(context: object, options: object): Promise<void> {
      await super._onRender(context as never, options as never);
      await this.refreshPreview();
    }

    static override PARTS = { form: { template: TEMPLATES.applyDialog } };

    override async _prepareContext(): Promise<Record<string, unknown>> {
      const targeted = game.user?.targets?.size ?? 0;
      return {
        // Picked by label; any other type can still be typed.
        damageTypes: (activeProfile().options.damageTypes ?? DEFAULT_DAMAGE_TYPES).map((id) => ({ name: `type.${id}`, label: typeLabel(id, localizer()) })),
        traits: DIALOG_TRAITS.map((id) => ({ id, name: `trait.${id}`, label: `DAMAGECHAIN.Dialog.Trait.${id}` })),
        targeted,
        selected: canvas?.tokens?.controlled?.length ?? 0,
        defaultMode: targeted > 0 ? "targeted" : "selected",
      };
    }
  };
}

let dialogClass: ReturnType<typeof makeClass> | undefined;

/**
 * Open the Apply Damage dialog, or bring the open one to the front (keeping
 * what was typed in it): v13 keeps one rendered instance per id in
 * `foundry.applications.instances`.
 */
export function openApplyDialog(): void {
  const open = foundry.applications.instances.get(DIALOG_ID);
  if (open !== undefined) {
    open.bringToFront();
    return;
  }
  dialogClass ??= makeClass();
  void new dialogClass().render({ force: true });
}
