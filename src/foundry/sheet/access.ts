/**
 * Who sees the Defenses tab and who may edit it: GMs edit;
 * owners edit when the world setting `editPermission` is "owner"; any other
 * user who can observe the actor reads it; users with limited (or no)
 * permission do not see the tab at all. Pure: the caller passes what
 * Foundry says about the user and the actor.
 */
import type { EditPermission } from "../settings/settings.ts";

export type TabAccess = "hidden" | "read" | "edit";

/** What the caller knows about the current user and the actor. */
export interface UserRights {
  isGM: boolean;
  /** The user owns the actor (`actor.isOwner`). */
  owner: boolean;
  /** The user has at least Observer permission (`actor.testUserPermission(user, "OBSERVER")`). */
  observer: boolean;
}

/** The tab's access for `rights` under the `editPermission` setting. */
export function tabAccess(rights: UserRights, editPermission: EditPermission): TabAccess {
  if (rights.isGM) return "edit";
  if (rights.owner) return editPermission === "owner" ? "edit" : "read";
  return rights.observer ? "read" : "hidden";
}
