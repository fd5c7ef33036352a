/**
 * `dnd5e.calculateDamage`: resolve dnd5e damage through the chain, keeping
 * its types and properties, and tell dnd5e the damage it deals (`amount`). dnd5e
 * also calls this for its previews: the plan is only kept (by dnd5e's
 * options object) until `dnd5e.preApplyDamage` writes it.
 */
import { preResolve, parseEventOrThrow } from "../../hit/apply.ts";
import { parseEvent } from "../../../core/validate.ts";
import { dnd5eAmount, dnd5eApplication, eventFromDnd5e, isDamage, isMidiDr, midiReduction, rawDamagesFor, takeOff } from "./damage.ts";
import { readsDnd5eTraits } from "../../actor/system-traits.ts";
import { setting } from "../../settings/settings.ts";
import type { Dnd5eDamageOptions, Dnd5eDamageSummary } from "../../hook-types.ts";
import { pendingDnd5e } from "../../hit/pending.ts";
import { planContext, planHit, type PlanContext } from "../../hit/plan.ts";
import { applyTrayOptions } from "../../../core/import/dnd5e-tray.ts";
import { typeLabel } from "../../../core/labels.ts";
import { localizer } from "../../localizer.ts";
import { activeProfile } from "../../settings/profiles.ts";
import { MODULE_ID } from "../../constants.ts";
import type { Profile } from "../../../core/model/profile.ts";

/** Lang keys of the tray notes: what changed, and the category. */
const TRAY_KEYS = {
  ignored: "DAMAGECHAIN.Dnd5e.Tray.ignored",
  downgraded: "DAMAGECHAIN.Dnd5e.Tray.downgraded",
  immunity: "DAMAGECHAIN.Dnd5e.Tray.immunity",
  resistance: "DAMAGECHAIN.Dnd5e.Tray.resistance",
  vulnerability: "DAMAGECHAIN.Dnd5e.Tray.vulnerability",
} as const;

/**
 * The tray's per-target options for this hit, as a change of the target's
 * defenses (replace mode: the chain resolves the raw damage, so dnd5e's own
 * toggles would otherwise change nothing), with a GM note per
 * change ("Resistance to Fire ignored: dnd5e damage tray").
 */
function trayAdjust(options: Dnd5eDamageOptions): NonNullable<PlanContext["adjust"]> {
  return (defenses, event) => {
    const types = [...new Set(event.parts.flatMap((p) => p.types))];
    const { defenses: out, changes } = applyTrayOptions(defenses, types, options);
    const l = localizer();
    const notes = changes.map((c) => ({
      path: "dnd5e",
      message: l.format(TRAY_KEYS[c.change], { category: l.format(TRAY_KEYS[c.category]), type: typeLabel(c.type, l) }),
    }));
    return { defenses: out, notes };
  };
}

/**
 * The name of the item or spell of the roll (dnd5e 5.3.3: the tray passes
 * the roll's message as `originatingMessage`, and `ChatMessage5e#getAssociatedItem`
 * finds its item, `module/documents/chat-message.mjs`); undefined when there is none.
 */
function itemName(options: Dnd5eDamageOptions): string | undefined {
  const message = (options.originatingMessage ?? options.origin) as { getAssociatedItem?: () => { name?: unknown } | undefined } | null | undefined;
  try {
    const name = message?.getAssociatedItem?.()?.name;
    return typeof name === "string" && name.trim() !== "" ? name : undefined;
  } catch {
    return undefined; // an item that cannot be found or built: the card keeps dnd5e's default label
  }
}

const withLabel = <T extends { label?: string }>(event: T, label: string | undefined): T => (label === undefined ? event : { ...event, label });

/**
 * True when midi-qol's damage reduction goes to the profile's `midiDr` step
 * (after dnd5e's traits and threshold, where midi-qol takes it): the profile
 * resolves dnd5e's traits itself (`own`) and has that step, and the GM has not
 * chosen "midi-qol first" (the `midiQolDr` setting, registered in midi-qol
 * worlds only). Otherwise the points come off the damage before the chain.
 */
function drToStep(profile: Profile, own: boolean): boolean {
  if (!own || !profile.steps.some((s) => s.enabled && s.step === "midiDr")) return false;
  const registered = (game.settings as { settings?: Map<string, unknown> } | undefined)?.settings?.has(`${MODULE_ID}.midiQolDr`) === true;
  return !registered || setting("midiQolDr") !== "midi";
}

/**
 * Handler for `dnd5e.calculateDamage(actor, damages, options)`. midi-qol's
 * damage-reduction entry (a midi-qol world, `damage.ts` {@link midiReduction})
 * is never a part: its points go to the `midiDr` step or off the damage first.
 */
export function onDnd5eCalculateDamage(actor: Actor.Implementation, damages: Dnd5eDamageSummary, options: Dnd5eDamageOptions): void {
  // replace: the raw copy `dnd5e.preCalculateDamage` kept (none when that was not damage); after: dnd5e's result.
  const replace = setting("dnd5eMode") === "replace";
  const profile = activeProfile();
  // The dnd5e profile resolves dnd5e's traits itself, from the raw parts and the tray's options.
  const own = replace && readsDnd5eTraits(profile);
  const multiplier = options.multiplier ?? 1;
  if (own && !(multiplier >= 0 && multiplier <= 1000)) return; // healing by a negative multiplier, or beyond the profile: dnd5e's own
  const dr = midiReduction(damages);
  const step = dr > 0 && drToStep(profile, own);
  const found = replace ? rawDamagesFor(damages, own ? 1 : multiplier) : damages.filter((d) => !isMidiDr(d));
  const source = found === undefined || dr === 0 || step ? found : takeOff(found, dr);
  if (source === undefined || !isDamage(source)) {
    // midi-qol's damage reduction took all of it: dnd5e deals nothing, as midi-qol would (Hooks.ts lines 1171-1175).
    if (found !== undefined && source !== found && isDamage(found)) damages.amount = 0;
    return;
  }
  const label = itemName(options);
  const raw = withLabel(eventFromDnd5e(source), label);
  const event = preResolve(actor, parseEventOrThrow(own ? { ...raw, dnd5e: { ...dnd5eApplication(options), ...(step ? { midiDr: dr } : {}) } } : raw), {});
  if (event === null) return;
  const ctx = planContext(profile);
  if (replace) ctx.adjust = trayAdjust(options);
  const plan = planHit(actor, event, ctx);
  const rolled = rawDamagesFor(damages, 1);
  const headline = rolled === undefined || !isDamage(rolled) ? undefined : parseEvent(withLabel(eventFromDnd5e(rolled), label));
  if (headline?.ok === true) plan.headline = headline.value;
  pendingDnd5e.set(options, { plan, profile, applier: game.user?.id ?? "" });
  damages.amount = dnd5eAmount(plan);
}
