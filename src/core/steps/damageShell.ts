/**
 * Damage Shell (000 "Damage Shell", RULES.md §2.9). A shell is a life value:
 * damage that would take life (`resources.hp`) below it stops at it, and the
 * creature is immune to all damage until the next round's Intention Phase
 * (`state.shellImmune`, cleared by `startRound`). The shell can then not
 * trigger again for its `cooldown` (game seconds; two weeks by default):
 * `state.shellCooldowns[id]` holds the game time it is ready again.
 *
 * Readings:
 * - "become immune ... when your Life Points hit that value": reaching the
 *   value exactly also triggers the shell (no damage is cut, but immunity and
 *   the cooldown start).
 * - Several shells (each at a different value, the schema refuses
 *   duplicates) are tried from the highest value down; the first that
 *   triggers wins. A shell is ready when its cooldown time is <= `now`.
 * - A shell the event ignores (`ignoredBy`, e.g. imbued) lets the damage
 *   through and is remembered in `state.shellsBypassed` for the round; a later
 *   hit that round that does not ignore it, with life at or below it, is
 *   ignored whole and starts the immunity (000 "... you still ignore that attack").
 *
 * Missing life (`hp`) means there is nothing to protect: the step only
 * applies an immunity already in force.
 */
import { applies } from "../conditions.ts";
import { reduceTotal, unabsorbed, stepNote, type Step, type StepContext, type StepNote } from "../context.ts";
import type { DamageShell } from "../model/defenses.ts";
import { defenseRef } from "./refs.ts";

/**
 * Immune until the next round; the shell waits its cooldown. The time it is
 * ready again is stored as the state schema requires (whole seconds, at least
 * 0, a safe integer): Foundry's world time may be fractional or negative, so it
 * is rounded up — never ready early — and kept within 0..MAX_SAFE_INTEGER.
 */
function trigger(ctx: StepContext, shell: DamageShell): void {
  ctx.state.shellImmune = true;
  ctx.own("shellCooldowns")[shell.id] = Math.min(Number.MAX_SAFE_INTEGER, Math.max(0, Math.ceil(ctx.now + shell.cooldown)));
}

/** True when `shell` has never triggered, or has waited out its cooldown at `ctx.now`. */
function ready(ctx: StepContext, shell: DamageShell): boolean {
  const until = ctx.state.shellCooldowns[shell.id];
  return until === undefined || until <= ctx.now;
}

/**
 * Takes no options. Cuts the hit to stop life at a shell, or cuts it whole
 * while immune. Notes: `immune` {ignored}, `noLife`, `none`, `triggered` /
 * `later` {value, ignored}, `bypassed` {values} (the values of the shells this
 * hit ignored, highest first). Defenses: the shell that triggered.
 */
export const damageShell: Step = (ctx): StepNote => {
  const damage = unabsorbed(ctx);
  if (ctx.state.shellImmune) {
    reduceTotal(ctx, damage);
    return stepNote("DAMAGECHAIN.Trace.damageShell.immune", { ignored: damage });
  }
  const life = ctx.resources.hp?.value;
  if (life === undefined) return stepNote("DAMAGECHAIN.Trace.damageShell.noLife");
  if (damage === 0) return stepNote("DAMAGECHAIN.Trace.damageShell.none");

  // Shells are tried from the highest value down (values are distinct); the first that triggers wins.
  let chosen: DamageShell | undefined;
  let later = false;
  for (const shell of ctx.defenses.shells) {
    if ((chosen !== undefined && shell.value <= chosen.value) || !ready(ctx, shell)) continue;
    const crossing = life > shell.value && life - damage <= shell.value;
    const passedEarlier = life <= shell.value && ctx.state.shellsBypassed.includes(shell.id);
    if ((crossing || passedEarlier) && applies(shell, ctx.event)) {
      chosen = shell;
      later = !crossing;
    }
  }
  // Shells above the one that triggers (or all) that this hit crosses but ignores are remembered for the round.
  let bypassed: DamageShell[] | undefined;
  for (const shell of ctx.defenses.shells) {
    if ((chosen !== undefined && shell.value <= chosen.value) || !ready(ctx, shell)) continue;
    if (life > shell.value && life - damage <= shell.value && !applies(shell, ctx.event)) (bypassed ??= []).push(shell);
  }
  if (bypassed !== undefined) {
    bypassed.sort((a, b) => b.value - a.value);
    for (const shell of bypassed) if (!ctx.state.shellsBypassed.includes(shell.id)) ctx.own("shellsBypassed").push(shell.id);
  }
  if (chosen !== undefined) {
    const ignored = later ? damage : damage - (life - chosen.value);
    reduceTotal(ctx, ignored);
    trigger(ctx, chosen);
    return stepNote(later ? "DAMAGECHAIN.Trace.damageShell.later" : "DAMAGECHAIN.Trace.damageShell.triggered", { value: chosen.value, ignored }, [defenseRef("damageShell", chosen)]);
  }
  if (bypassed !== undefined) return stepNote("DAMAGECHAIN.Trace.damageShell.bypassed", { values: bypassed.map((s) => s.value) });
  return stepNote("DAMAGECHAIN.Trace.damageShell.none");
};
