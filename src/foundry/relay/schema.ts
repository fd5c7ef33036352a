/**
 * The GM relay's wire format (issue 3 §3, players): what a player's client
 * sends to the active GM through `User#query`, and what comes back. Every
 * request is validated on the GM side before anything is done.
 */
import { z } from "zod";

/** Most targets one request may name (a generous area). */
export const MAX_RELAY_TARGETS = 200;

const id = z.string().min(1).max(200);

/** A request: apply an event to targets (uuids), or undo a card. `userId` is the requesting user. */
export const relayRequestSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("apply"),
    userId: id,
    targets: z.array(id).min(1, "a request needs at least one target").max(MAX_RELAY_TARGETS),
    /** Validated again with the core event schema. */
    event: z.unknown(),
    profile: id.optional(),
  }),
  z.strictObject({ kind: z.literal("undo"), userId: id, messageId: id }),
]);
export type RelayRequest = z.infer<typeof relayRequestSchema>;

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
 * and the values it needs, so the player's client can say why.
 */
export type RelayAnswer =
  | { ok: true; outcome?: { targets: RelayTarget[]; messageId: string | null } }
  | { ok: false; reason: string; params: Record<string, string> };
