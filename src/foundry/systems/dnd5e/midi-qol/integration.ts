/**
 * dnd5e with midi-qol, loaded only in worlds where midi-qol is
 * active (`load.ts`). midi-qol 11.6.32 (see `parts.ts` for what was read)
 * calculates each target's damage with dnd5e's `actor.calculateDamage` on the
 * rolling client, then writes it on the GM through its socket
 * (`createReverseDamageCard` → `prepareDamageListItems`: `dnd5e.preApplyDamage`,
 * `actor.update`, `dnd5e.applyDamage`, with a copy of the options). Without
 * this file the chain's plan stays on the rolling client, the GM's write is
 * taken as dnd5e's own, and the hit gets no card: the chain's steps are lost.
 *
 * Here, for every dnd5e damage calculation that carries `options.midi`:
 * - `dnd5e.preCalculateDamage`: a copy of the descriptions is kept for
 *   dnd5e's `replace` mode; midi-qol's damage reduction stays on (midi-qol
 *   rolls it; `parts.ts` says where the chain takes it off, by the
 *   `midiQolDr` setting: never dropped);
 * - `dnd5e.calculateDamage` (registered at `ready`, so after midi-qol's own):
 *   the parts the chain is to resolve go into the options (`parts.ts`), with
 *   the save as dnd5e's tray multiplier when the `dnd5e` profile resolves
 *   dnd5e's traits itself;
 * - on the GM, the core's `dnd5e.preApplyDamage` asks the claims
 *   (`hit/pending.ts`): the hit is planned there from those parts and midi-qol's
 *   update is rewritten to the chain's plan; `dnd5e.applyDamage` posts its
 *   card. One resolution, one write, one Damage Chain card per target.
 */
import { preResolve } from "../../../hit/apply.ts";
import { parseEvent } from "../../../../core/validate.ts";
import { dnd5eApplication, eventFromDnd5e, isDamage } from "../damage.ts";
import { readsDnd5eTraits } from "../../../actor/system-traits.ts";
import { addDnd5eClaim, type PendingHit } from "../../../hit/pending.ts";
import { planContext, planHit } from "../../../hit/plan.ts";
import { activeProfile } from "../../../settings/profiles.ts";
import { setting } from "../../../settings/settings.ts";
import type { Dnd5eDamage, Dnd5eDamageOptions } from "../../../hook-types.ts";
import { MODULE_ID } from "../../../constants.ts";
import { STASH, midiStash, readStash, type MidiDamage, type MidiOptions } from "./parts.ts";
import { CLAIMED, onMidiPreApplyDamage } from "./reverse.ts";

/** Copies of the descriptions before dnd5e's traits, by dnd5e's working list. */
const raw = new WeakMap<object, MidiDamage[]>();

const isMidi = (options: Dnd5eDamageOptions): boolean => typeof options.midi === "object" && options.midi !== null;

/** Handler for `dnd5e.preCalculateDamage(actor, damages, options)` in a midi-qol world. */
export function onMidiPreCalculateDamage(_actor: Actor.Implementation, damages: Dnd5eDamage[], options: Dnd5eDamageOptions): void {
  if (!isMidi(options)) return;
  raw.set(damages, (damages as MidiDamage[]).map((d) => ({ ...d, properties: [...(d.properties ?? [])], active: d.active === undefined ? undefined : { ...d.active } })));
}

/** Handler for `dnd5e.calculateDamage(actor, damages, options)` in a midi-qol world: stash the parts for the GM. */
export function onMidiCalculateDamage(_actor: Actor.Implementation, damages: Dnd5eDamage[], options: Dnd5eDamageOptions): void {
  if (!isMidi(options)) return;
  const replace = setting("dnd5eMode") === "replace";
  const source = replace ? raw.get(damages) : undefined;
  if (replace && source === undefined) return; // not calculated through dnd5e's hooks
  const profile = activeProfile();
  const own = replace && readsDnd5eTraits(profile);
  const drStep = setting("midiQolDr") === "chain" && profile.steps.some((s) => s.enabled && s.step === "midiDr");
  options[STASH] = midiStash(source, damages as MidiDamage[], options as MidiOptions, { own, drStep }, own ? dnd5eApplication(options) : {});
}

/**
 * The GM's claim on midi-qol's write: the hit planned from the stashed parts
 * (checked: `readStash`), or undefined when the options carry none, the parts
 * are not damage, or a `damage-chain.preResolve` handler cancelled it; midi-qol's
 * own write then goes ahead as dnd5e's. The stash is removed from the options
 * either way, so a later write with the same options (midi-qol's reverse) is
 * never taken for the hit.
 */
export function claimMidiHit(actor: Actor.Implementation, options: Record<string, unknown>): PendingHit | undefined {
  if (!isMidi(options)) return undefined;
  const stash = readStash(options);
  // Claimed once: midi-qol keeps this options object on its card, and its reverse and apply buttons
  // (v13 build) pass it through dnd5e's hooks again; those writes must not resolve the hit again.
  delete options[STASH];
  if (stash === undefined || !isDamage(stash.parts)) return undefined;
  const profile = activeProfile();
  const parsed = parseEvent(stash.dnd5e === undefined ? eventFromDnd5e(stash.parts) : { ...eventFromDnd5e(stash.parts), dnd5e: stash.dnd5e });
  if (!parsed.ok) return undefined; // a dnd5e application the event schema refuses (forged): midi-qol's own write
  const event = preResolve(actor, parsed.value, {});
  if (event === null) return undefined;
  options[CLAIMED] = true; // midi-qol keeps these options on its card: its reverse then undoes the chain's hit (`reverse.ts`)
  return { plan: planHit(actor, event, planContext(profile)), profile, applier: game.user?.id ?? "" };
}

const L = (k: string): string => `DAMAGECHAIN.Settings.MidiQolDr.${k}`;

/**
 * Register the `midiQolDr` world setting (here, so that it weighs on the entry
 * bundle of no world; a setting registered at `ready` is listed in the
 * settings window all the same), the midi-qol hooks and the GM's claim
 * (once per module copy: `load.ts`).
 */
export function registerMidiQol(): void {
  game.settings!.register(MODULE_ID, "midiQolDr", {
    name: L("Name"), hint: L("Hint"), scope: "world", config: true, type: String, default: "chain",
    choices: { chain: L("chain"), midi: L("midi") },
  });
  Hooks.on("dnd5e.preCalculateDamage", onMidiPreCalculateDamage);
  Hooks.on("dnd5e.calculateDamage", onMidiCalculateDamage);
  Hooks.on("dnd5e.preApplyDamage", onMidiPreApplyDamage);
  addDnd5eClaim(claimMidiHit);
}
