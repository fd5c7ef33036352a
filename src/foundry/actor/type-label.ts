/**
 * An actor type as a GM reads it: `CONFIG.Actor.typeLabels[type]` (a lang key
 * the game system registers, e.g. dnd5e's `TYPES.Actor.npc`) localized, else
 * the type id itself.
 */

/** The localized label of actor type `type` ("NPC", "Nichtspielercharakter"), or `type` when the system gives none. */
export function actorTypeLabel(type: string): string {
  const key = (CONFIG.Actor.typeLabels as Record<string, string | undefined> | undefined)?.[type];
  return key === undefined || key === "" ? type : (game.i18n?.localize(key) ?? type);
}
