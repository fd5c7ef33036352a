/**
 * Round and time state in the actors' flags: a new combat round
 * resets the Damage Limit counter and shell immunity (000), the end of a turn
 * clears card-game temporary damage (002 rule 12), the end of an encounter
 * ends Variable Resistance (001), a rest restores the endurance uses that
 * recharge on it (`restActor`). Shell cooldowns need no job: they are game
 * times compared with `game.time.worldTime` when a hit is resolved.
 * Changes are written in one batched update per parent; actors whose flags
 * cannot be read are left alone (the GM is warned).
 */
import { rest, type RestKind } from "../../core/lifecycle.ts";
import type { DefenderState } from "../../core/model/defender.ts";
import { STORED_ROOT, type StoredFlags } from "../../core/stored.ts";
import { diffUpdate } from "../../core/update-paths.ts";
import { rawFlags, readFlags } from "./data.ts";
import { writeBatch, type ActorWrite } from "./batch-write.ts";
import { warnActor } from "./warn.ts";

/**
 * Apply `change` to the state of each actor (each at most once) and write the
 * actors whose state changed. Returns how many actors were written.
 */
export async function updateStates(actors: Iterable<Actor.Implementation>, change: (state: DefenderState, stored: StoredFlags) => DefenderState): Promise<number> {
  const writes: ActorWrite[] = [];
  const seen = new Set<string>();
  for (const actor of actors) {
    if (seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    const read = readFlags(actor);
    if (!read.ok) {
      warnActor(actor.name ?? actor.uuid, read.problems);
      continue;
    }
    if (rawFlags(actor) === undefined) continue; // no Damage Chain data: nothing to reset
    const update = diffUpdate(rawFlags(actor), { ...read.value, state: change(read.value.state, read.value) }, STORED_ROOT);
    if (Object.keys(update).length > 0) writes.push({ actor, update });
  }
  await writeBatch(writes);
  return writes.length;
}

/** The distinct actors of a combat's combatants. */
export function combatActors(combat: Combat.Implementation): Actor.Implementation[] {
  const out: Actor.Implementation[] = [];
  for (const c of combat.combatants) if (c.actor) out.push(c.actor);
  return out;
}

/**
 * After a rest of `kind` (dnd5e's long or short rest, pf2e's rest for the
 * night as `long`), the actor's endurance uses that recharge on it come back
 * (SRD 5.2 Orc "Relentless Endurance": once per long rest). Run on the client
 * that rested (the system's hook fires there; it owns the actor). Returns
 * whether the actor was written.
 */
export async function restActor(actor: Actor.Implementation, kind: RestKind): Promise<boolean> {
  return (await updateStates([actor], (state, stored) => rest(state, stored.defenses, kind))) > 0;
}
