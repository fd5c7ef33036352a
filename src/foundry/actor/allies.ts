/**
 * Allies of a hit target, for effects the rules share with allies (Variable
 * Resistance, seed 001 "A note on Variable Resistance"). Foundry has no notion
 * of allies, so the adapter reads the table: an actor's allies are the other
 * actors with a token in the same scene as the token that was hit, with the
 * same token disposition (friendly, neutral, hostile or secret). An actor
 * without a token in any scene (a world actor hit from the sidebar) has none.
 */

/**
 * The token that stands for `actor` in a hit: a synthetic (unlinked token)
 * actor's own token; for a world actor, its linked token in the viewed scene,
 * else in the active scene, else in any scene. `null` when it has none.
 */
export function hitToken(actor: Actor.Implementation): TokenDocument.Implementation | null {
  if (actor.isToken) return actor.token;
  const tokens = actor.getDependentTokens({ linked: true });
  for (const scene of [game.scenes?.viewed, game.scenes?.active]) {
    const token = scene === undefined ? undefined : tokens.find((t) => t.parent?.uuid === scene.uuid);
    if (token !== undefined) return token;
  }
  return tokens[0] ?? null;
}

/**
 * A key that allied actors share: the scene of the hit token and its
 * disposition (`Scene.abc|-1`). `null` for an actor without a token.
 */
export function allianceKey(actor: Actor.Implementation): string | null {
  const token = hitToken(actor);
  const scene = token?.parent;
  return token === null || scene === null || scene === undefined ? null : `${scene.uuid}|${token.disposition}`;
}

/**
 * The allies of `actor`: the actors of the other tokens in its hit token's
 * scene with the same disposition, each actor once (an actor with two tokens
 * counts once), in the scene's token order. Never `actor` itself. Only actors
 * this user may write (`isOwner`; a GM owns all): a player's client cannot
 * write the GM's actors, and hits on actors a player does not own are
 * resolved by the GM through the relay, where every ally counts.
 */
export function alliesOf(actor: Actor.Implementation): Actor.Implementation[] {
  const token = hitToken(actor);
  const scene = token?.parent;
  if (token === null || scene === null || scene === undefined) return [];
  const out: Actor.Implementation[] = [];
  for (const other of scene.tokens) {
    if (other.disposition !== token.disposition) continue;
    const ally = other.actor;
    if (ally === null || ally.uuid === actor.uuid || !ally.isOwner || out.some((a) => a.uuid === ally.uuid)) continue;
    out.push(ally);
  }
  return out;
}
