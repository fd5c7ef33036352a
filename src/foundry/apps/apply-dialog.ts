/**
 * The Apply Damage dialog (issue 3 §3), for systems with no damage
 * application of their own: amount, damage types, traits, source tags, and
 * whether to hit the targeted or the selected tokens. Reachable from the
 * token scene controls and from a macro
 * (`game.modules.get("damage-chain").api.openApplyDialog()`).
 * The class is built on first use, when Foundry's application classes exist.
 */
import { DEFAULT_DAMAGE_TYPES } from "../../core/model/profile.ts";
import { applyDamage } from "../hit/apply.ts";
import { TEMPLATES } from "../constants.ts";
import { activeProfile } from "../settings/profiles.ts";
import { RelayError } from "../relay/client.ts";
import type { TargetLike } from "../hit/targets.ts";

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

/** The damage event described by the dialog's form values. */
export function eventFromForm(values: Record<string, unknown>): Record<string, unknown> {
  const traits = new Set(splitList(values.otherTraits));
  for (const t of DIALOG_TRAITS) if (values[`trait.${t}`] === true) traits.add(t);
  const event: Record<string, unknown> = {
    parts: [{ amount: Number(values.amount), types: splitList(values.types) }],
    traits: [...traits],
    source: { tags: splitList(values.tags) },
  };
  const label = String(values.label ?? "").trim();
  if (label !== "") event.label = label;
  return event;
}

function selectedTargets(mode: unknown): TargetLike[] {
  if (mode === "selected") return [...(canvas?.tokens?.controlled ?? [])];
  return [...(game.user?.targets ?? [])];
}

async function submit(values: Record<string, unknown>): Promise<void> {
  const targets = selectedTargets(values.targets);
  if (targets.length === 0) {
    ui.notifications?.warn(game.i18n!.localize("DAMAGECHAIN.Dialog.NoTargets"));
    return;
  }
  try {
    await applyDamage(targets, eventFromForm(values));
  } catch (err) {
    if (!(err instanceof RelayError)) ui.notifications?.error(game.i18n!.format("DAMAGECHAIN.Dialog.Invalid", { error: (err as Error).message }));
  }
}

function makeClass() {
  const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
  return class ApplyDamageDialog extends HandlebarsApplicationMixin(ApplicationV2) {
    static override DEFAULT_OPTIONS = {
      id: DIALOG_ID,
      tag: "form",
      window: { title: "DAMAGECHAIN.Dialog.Title", icon: "fa-solid fa-burst" },
      position: { width: 420 },
      form: {
        handler: async (_event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }) => submit(formData.object),
        closeOnSubmit: true,
        submitOnChange: false,
      },
    };

    static override PARTS = { form: { template: TEMPLATES.applyDialog } };

    override async _prepareContext(): Promise<Record<string, unknown>> {
      const targeted = game.user?.targets?.size ?? 0;
      return {
        damageTypes: activeProfile().options.damageTypes ?? DEFAULT_DAMAGE_TYPES,
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
