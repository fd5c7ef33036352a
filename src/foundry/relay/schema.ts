/**
 * The GM relay's wire format (players): what a player's client
 * sends to the active GM over the module's socket (`socket.ts`), and what
 * comes back. Every request is validated on the GM side before anything is
 * done.
 */
import { z } from "../../core/zod.ts";

/** Most targets one request may name (a generous area). */
export const MAX_RELAY_TARGETS = 200;

const id = z.string().check(z.minLength(1), z.maxLength(200));

/** A request's id: what `foundry.utils.randomID()` makes (16 letters and digits), so no one guesses another's. */
const requestId = z.string().check(z.regex(/^[A-Za-z0-9-]{12,64}$/, "must be 12 to 64 letters, digits or dashes"));

/**
 * A request: apply an event to targets (uuids), undo a card, redo an undone
 * card (`hit/redo-gm.ts`), or post the GM notes of a card. `userId` is
 * the user the request says it comes from: the GM refuses it unless the
 * server says the same user sent it (`gm.ts`); `requestId` makes a repeat
 * recognisable.
 */
export const relayRequestSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("apply"),
    requestId,
    userId: id,
    targets: z.array(id).check(z.minLength(1, "a request needs at least one target"), z.maxLength(MAX_RELAY_TARGETS)),
    /** Validated again with the core event schema. */
    event: z.unknown(),
    profile: z.optional(id),
    /** Each target's share of the hit by uuid, validated again with the core share schema. */
    shares: z.optional(z.array(z.strictObject({ uuid: id, share: z.unknown() })).check(z.maxLength(MAX_RELAY_TARGETS))),
  }),
  z.strictObject({ kind: z.literal("undo"), requestId, userId: id, messageId: id }),
  /** Redo the undone card `messageId`: carried out by the active GM only, for players and other GMs alike. */
  z.strictObject({ kind: z.literal("redo"), requestId, userId: id, messageId: id }),
  /** Post the GM notes of a card the named user's client posted without them (`notes.ts`); `profile`: the hit's profile id. */
  z.strictObject({ kind: z.literal("notes"), requestId, userId: id, messageId: id, profile: id }),
]);
export type RelayRequest = z.infer<typeof relayRequestSchema>;
/** A request before the client gives it its id. */
export type RelayRequestBody = RelayRequest extends infer R ? (R extends unknown ? Omit<R, "requestId"> : never) : never;

/** A target as reported back. */
export interface RelayTarget {
  uuid: string;
  name: string;
  final: number;
  cancelled: boolean;
  bypassed: boolean;
}

/**
 * The GM's answer. A refusal carries a lang key under `DAMAGECHAIN.Notify`
 * and the values it needs, so the player's client can say why. A redo's
 * answer names the redo's cards (`redo`: message ids).
 */
export type RelayAnswer =
  | { ok: true; outcome?: { targets: RelayTarget[]; messageId: string | null }; redo?: string[] }
  | { ok: false; reason: string; params: Record<string, string> };
