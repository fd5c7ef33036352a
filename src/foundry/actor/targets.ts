/**
 * Turning what a caller passes as targets (tokens, token documents, actors,
 * uuids) into the actors that take the hit, and finding the user's current
 * targets (targeted tokens, else controlled tokens).
 */

/** Anything the API accepts as one target. */
export type TargetLike = string | Actor.Implementation | TokenDocument.Implementation | { actor: Actor.Implementation | null; document?: unknown };

function isActor(t: unknown): t is Actor.Implementation {
  return t instanceof Actor;
}

/**
 * The actor behind one target; `null` when it has none (a token without an
 * actor, an unknown uuid). A uuid may name an actor or a token.
 */
export function actorOf(target: TargetLike): Actor.Implementation | null {
  if (typeof target === "string") {
    const doc: unknown = fromUuidSync(target as Parameters<typeof fromUuidSync>[0]);
    if (doc === null || doc === undefined) return null;
    return isActor(doc) ? doc : ((doc as { actor?: Actor.Implementation | null }).actor ?? null);
  }
  if (isActor(target)) return target;
  return target.actor ?? null;
}

/** Distinct actors for `targets` (one hit per actor even if two of its tokens are picked), plus the count of unusable targets. */
export function actorsOf(targets: readonly TargetLike[]): { actors: Actor.Implementation[]; missing: number } {
  const actors: Actor.Implementation[] = [];
  const seen = new Set<string>();
  let missing = 0;
  for (const t of targets) {
    const a = actorOf(t);
    if (a === null) missing++;
    else {
      // Read once: `Document#uuid` is a getter that builds the string on every access.
      const uuid = a.uuid;
      if (seen.has(uuid)) continue;
      seen.add(uuid);
      actors.push(a);
    }
  }
  return { actors, missing };
}

/** The user's targeted tokens, else the tokens they control on the canvas. */
export function currentTargets(): TargetLike[] {
  const targeted = [...(game.user?.targets ?? [])];
  if (targeted.length > 0) return targeted;
  return [...(canvas?.tokens?.controlled ?? [])];
}
