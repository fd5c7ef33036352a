/**
 * The player's side of the GM relay: send a request to the active GM with
 * `User#query` (Foundry v13 queries, `CONFIG.queries`) and turn a refusal,
 * an absent GM or a timeout into a {@link RelayError} the player is told about.
 */
import { RELAY_QUERY, RELAY_TIMEOUT_MS } from "../constants.ts";
import type { RelayAnswer, RelayRequest } from "./schema.ts";

/** A relay that did not go through. `key` is a lang key under `DAMAGECHAIN.Notify`. */
export class RelayError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string> = {},
  ) {
    super(game.i18n?.format(key, params) ?? key);
    this.name = "RelayError";
  }
}

/**
 * Ask the active GM to carry out `request`. Resolves with the GM's positive
 * answer; otherwise shows the player a warning and throws a RelayError:
 * `DAMAGECHAIN.Notify.NoGM` (no GM connected), `...RelayFailed` (no answer
 * within {@link RELAY_TIMEOUT_MS} ms, or the GM's client failed), or the GM's
 * refusal reason.
 */
export async function requestRelay(request: RelayRequest): Promise<Extract<RelayAnswer, { ok: true }>> {
  const gm = game.users?.activeGM;
  let answer: RelayAnswer;
  try {
    if (!gm) throw new RelayError("DAMAGECHAIN.Notify.NoGM");
    answer = (await gm.query(RELAY_QUERY, request, { timeout: RELAY_TIMEOUT_MS })) as RelayAnswer;
  } catch (err) {
    const failure = err instanceof RelayError ? err : new RelayError("DAMAGECHAIN.Notify.RelayFailed", { gm: gm?.name ?? "", error: err instanceof Error ? err.message : String(err) });
    ui.notifications?.warn(failure.message);
    throw failure;
  }
  if (!answer.ok) {
    const refused = new RelayError(answer.reason, answer.params);
    ui.notifications?.warn(refused.message);
    throw refused;
  }
  return answer;
}
