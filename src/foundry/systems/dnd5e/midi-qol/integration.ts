/**
 * dnd5e with midi-qol (issue 22 §3), loaded only in worlds where midi-qol is
 * active (`load.ts`). midi-qol 11.6.32 (see `parts.ts` for what was read)
 * calculates each target's damage with dnd5e's `actor.calculateDamage` on the
 * rolling client, then writes it on the GM through its socket
 * (`createReverseDamageCard` → `prepareDamageListItems`: `dnd5e.preApplyDamage`,
 * `actor.update`, `dnd5e.applyDamage`, with a copy of the options). Without
 * this file the chain's plan stays on the rolling client, the GM's write is
 * taken as dnd5e's own, and the hit gets no card: the chain's steps are lost.
 *
 * Here, for every dnd5e damage calculation that carries `options.midi`:
 * - `dnd5e.preCalculateDamage`: with the `midiQolDr` setting on `chain`,
 *   midi-qol's damage reduction is switched off (`options.ignore.DR` holds
 *   `all`, which midi-qol's `dnd5e.calculateDamage` honours); a copy of the
 *   descriptions is kept for dnd5e's `replace` mode;
 * - `dnd5e.calculateDamage` (registered at `ready`, so after midi-qol's own):
 *   the parts the chain is to resolve go into the options (`parts.ts`);
 * - on the GM, the core's `dnd5e.preApplyDamage` asks the claims
 *   (`hit/pending.ts`): the hit is planned there from those parts and midi-qol's
 *   update is rewritten to the chain's plan; `dnd5e.applyDamage` posts its
 *   card. One resolution, one write, one Damage Chain card per target.
 */
import { parseEventOrThrow, preResolve } from "../../../hit/apply.ts";
import { eventFromDnd5e, isDamage } from "../damage.ts";
import { addDnd5eClaim, type PendingHit } from "../../../hit/pending.ts";
import { planContext, planHit } from "../../../hit/plan.ts";
import { activeProfile } from "../../../settings/profiles.ts";
import { setting } from "../../../settings/settings.ts";
import type { Dnd5eDamage, Dnd5eDamageOptions } from "../../../hook-types.ts";
import { MODULE_ID } from "../../../constants.ts";
import { STASH, midiParts, readStash, type MidiDamage, type MidiOptions } from "./parts.ts";
import { CLAIMED, onMidiPreApplyDamage } from "./reverse.ts";

/** Copies of the descriptions before dnd5e's traits, by dnd5e's working list. */
const raw = new WeakMap<object, MidiDamage[]>();

const isMidi = (options: Dnd5eDamageOptions): boolean => typeof options.midi === "object" && options.midi !== null;

/** Add `all` to `options.ignore.DR` (midi-qol skips its damage reduction). `ignore: true` already ignores everything. */
function ignoreMidiDr(options: Dnd5eDamageOptions): void {
  if (options.ignore === true) return;
  const ignore = (typeof options.ignore === "object" && options.ignore !== null ? options.ignore : (options.ignore = {})) as Record<string, unknown>;
  const dr = ignore.DR instanceof Set ? (ignore.DR as Set<string>) : (ignore.DR = new Set<string>()) as Set<string>;
  dr.add("all");
}

/** Handler for `dnd5e.preCalculateDamage(actor, damages, options)` in a midi-qol world. */
export function onMidiPreCalculateDamage(_actor: Actor.Implementation, damages: Dnd5eDamage[], options: Dnd5eDamageOptions): void {
  if (setting("midiQolDr") === "chain") ignoreMidiDr(options);
  if (!isMidi(options)) return;
  raw.set(damages, (damages as MidiDamage[]).map((d) => ({ ...d, properties: [...(d.properties ?? [])], active: d.active === undefined ? undefined : { ...d.active } })));
}

/** Handler for `dnd5e.calculateDamage(actor, damages, options)` in a midi-qol world: stash the parts for the GM. */
export function onMidiCalculateDamage(_actor: Actor.Implementation, damages: Dnd5eDamage[], options: Dnd5eDamageOptions): void {
  if (!isMidi(options)) return;
  const source = setting("dnd5eMode") === "replace" ? raw.get(damages) : undefined;
  if (setting("dnd5eMode") === "replace" && source === undefined) return; // not calculated through dnd5e's hooks
  options[STASH] = midiParts(source, damages as MidiDamage[], options as MidiOptions, setting("midiQolDr") === "midi");
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
  const parts = readStash(options);
  // Claimed once: midi-qol keeps this options object on its card, and its reverse and apply buttons
  // (v13 build) pass it through dnd5e's hooks again; those writes must not resolve the hit again.
  delete options[STASH];
  if (parts === undefined || !isDamage(parts)) return undefined;
  const profile = activeProfile();
  const event = preResolve(actor, parseEventOrThrow(eventFromDnd5e(parts)), {});
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
