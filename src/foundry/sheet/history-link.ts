/**
 * The Defenses tab's *History* button opens the damage log of
 * the actor, which lives in `apps/` (a layer above the sheet): the entry
 * wiring (`register.ts`) puts the opener here at load, so the sheet never
 * imports `apps/`. Without one, the tab shows no button.
 */
let opener: ((actor: Actor.Implementation) => void) | undefined;

/** Set the function that opens an actor's damage history (`apps/lazy.ts` `openDamageLog`). */
export function setHistoryOpener(open: (actor: Actor.Implementation) => void): void {
  opener = open;
}

/** The opener of an actor's damage history, if one was set. */
export function historyOpener(): ((actor: Actor.Implementation) => void) | undefined {
  return opener;
}
