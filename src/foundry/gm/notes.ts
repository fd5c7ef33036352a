/**
 * The GM's side of a `notes` relay request: post the GM part of
 * a card that a player's client posted without it. Foundry shows a whisper to
 * its author, so a player's client never posts GM notes itself
 * (`card/audience.ts`); the active GM posts them, so only the GMs see them.
 *
 * Nothing the player wrote becomes a word of the GM part. The
 * request names only the card and the hit's profile; the GM checks that the
 * card is that player's own (posted by them, applied by them, not a GM part,
 * no GM part yet), and rebuilds each row from the actor itself: its name and
 * image, and its notes (the problems reading its flags and the defenses the
 * profile refuses, `effectiveDefenses`, which is all a hit's notes are made
 * of). The card's summary, profile name, row names, steps and conditions are
 * never copied; of a row only its numbers are kept (whole numbers, else 0).
 * Only rows of actors the player owns count: a player's client can only have
 * written those. Requests for one card are carried out one after the other,
 * so two in the same tick post one GM part.
 */
import { profileLabel } from "../../core/labels.ts";
import { effectiveDefenses } from "../../core/normalize.ts";
import { readDefender } from "../actor/data.ts";
import { cardFlags, postNotes } from "../card/card.ts";
import { gmNotes, type StoredTarget } from "../card/data.ts";
import { localizer } from "../localizer.ts";
import { inWords, wordsOf } from "../../core/words.ts";
import { gmPartOf } from "../card/gm-part.ts";
import { unpackTargets } from "../card/pack-targets.ts";
import { actorOf } from "../actor/targets.ts";
import { profiles } from "../settings/profiles.ts";
import type { RelayAnswer, RelayRequest } from "../relay/schema.ts";

type Refuse = (reason: string, params?: Record<string, string>) => RelayAnswer;

/** The notes request in progress for each card, so that the next one for that card waits for it. */
const inProgress = new Map<string, Promise<RelayAnswer>>();

/** A number kept from the player's row: a whole number >= 0, else 0. */
const whole = (n: unknown): number => (typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : 0);

/** Carry out `req` for `user` (a connected player, checked by `gm.ts`), after any request for the same card. Never throws. */
export function postCardNotes(user: User.Implementation, req: Extract<RelayRequest, { kind: "notes" }>, refuse: Refuse): Promise<RelayAnswer> {
  const before = inProgress.get(req.messageId) ?? Promise.resolve<RelayAnswer>({ ok: true });
  const next = before.then(() => postOnce(user, req, refuse));
  inProgress.set(req.messageId, next);
  void next.then(() => {
    if (inProgress.get(req.messageId) === next) inProgress.delete(req.messageId);
  });
  return next;
}

async function postOnce(user: User.Implementation, req: Extract<RelayRequest, { kind: "notes" }>, refuse: Refuse): Promise<RelayAnswer> {
  const message = game.messages?.get(req.messageId) as ChatMessage.Implementation | undefined;
  const flags = message === undefined ? undefined : cardFlags(message);
  if (message === undefined || flags?.view === undefined) return refuse("RelayNoCard");
  if (flags.of !== undefined || flags.applier !== user.id || message.author?.id !== user.id) return refuse("UndoDenied");
  if (gmPartOf(message) !== undefined) return { ok: true };
  const profile = profiles.get(req.profile);
  if (profile === undefined) return refuse("RelayInvalid", { detail: req.profile });
  const l = inWords(localizer(), wordsOf(profile.id));
  const rows: StoredTarget[] = [];
  for (const row of unpackTargets(flags.view, flags.deltas.map((d) => d.uuid))) {
    const actor = actorOf(row.uuid);
    if (actor === null || !actor.testUserPermission(user, "OWNER")) continue;
    const { defender, problems } = readDefender(actor, profile);
    const notes = gmNotes(effectiveDefenses(defender.defenses, profile.options).warnings, problems, l);
    if (notes.length === 0) continue;
    rows.push({
      uuid: actor.uuid, name: actor.name ?? actor.uuid, img: actor.img ?? null, npc: !actor.hasPlayerOwner,
      incoming: whole(row.incoming), final: whole(row.final), state: row.state === "noEffect" || row.state === "negated" || row.state === "bypassed" ? row.state : "hit",
      entries: [], changes: [], conditions: [], warnings: notes,
    });
  }
  try {
    const head = { ...flags.view, summary: rows.map((r) => r.name).join(", "), profile: profileLabel(profile, l) };
    if (rows.length > 0) await postNotes(message, head, rows, user.id);
  } catch (err) {
    return refuse("RelayInvalid", { detail: (err as Error).message });
  }
  return { ok: true };
}
