/**
 * Telling the GM about bad data: when an actor's flags could not
 * be read, the hit was applied without the chain; the GM gets a warning that
 * names the actor and the field. Players are not told (the card's GM-only
 * notes carry the same text).
 */
import { fieldName } from "../../core/field-name.ts";
import type { InputProblem } from "../../core/validate.ts";
import { localizer } from "../localizer.ts";

/** Warn the GM (this client only, if it is a GM) about one actor's problems. */
export function warnActor(actorName: string, problems: readonly InputProblem[]): void {
  if (problems.length === 0 || !game.user?.isGM) return;
  const first = problems[0]!;
  ui.notifications?.warn(game.i18n!.format("DAMAGECHAIN.Notify.BadData", { actor: actorName, field: fieldName(first.path, localizer()), reason: first.message, more: String(problems.length - 1) }));
}

/** Warn about every planned hit that had problems. */
export function warnBadData(plans: readonly { actor: Actor.Implementation; problems: InputProblem[] }[]): void {
  for (const p of plans) warnActor(p.actor.name ?? p.actor.uuid, p.problems);
}
