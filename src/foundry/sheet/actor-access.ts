/**
 * The current user's access to an actor's Defenses tab, from what Foundry
 * says about the user and the actor (`access.ts` decides). Kept apart from
 * the tab's body (`mount.ts`), which loads as its own chunk: the entry file
 * needs this to decide whether a sheet gets the tab at all.
 */
import { setting } from "../settings/settings.ts";
import { tabAccess, type TabAccess } from "./access.ts";

/** The current user's access to `actor`'s Defenses tab. */
export function actorAccess(actor: Actor.Implementation): TabAccess {
  const user = game.user!;
  return tabAccess({ isGM: user.isGM, owner: actor.isOwner, observer: actor.testUserPermission(user, "OBSERVER") }, setting("editPermission"));
}
