/**
 * Posting the chat card (issue 3 §5): ONE message per applied event, listing
 * every target, rendered from `templates/chat-card.hbs`. The message's flags
 * keep what undo needs: the applier and, per actor, the stored deltas.
 *
 * Visibility (setting `cardVisibility`): `public` for everyone; `gm`
 * whispered to the GMs; `hideNpc` whispered to the GMs when every target is
 * an NPC, otherwise public with the NPC rows removed for players when the
 * card is rendered (`hooks/render-chat-message.ts`).
 */
import { z } from "zod";
import type { Profile } from "../core/model/profile.ts";
import { cardData, type CardData } from "./card-data.ts";
import { MODULE_ID, TEMPLATES } from "./constants.ts";
import type { HitPlan } from "./plan.ts";
import { setting } from "./settings.ts";

const flatUpdate = z.record(z.string(), z.unknown());

/** What a card keeps in `flags["damage-chain"].card`. */
export const cardFlagsSchema = z.object({
  version: z.literal(1),
  /** Id of the user who applied the damage (may undo it when `undoByApplier` is on). */
  applier: z.string(),
  reverted: z.boolean(),
  /** Per actor: the update written and the update that takes it back. */
  deltas: z.array(z.object({ uuid: z.string(), apply: flatUpdate, revert: flatUpdate })),
});
export type CardFlags = z.infer<typeof cardFlagsSchema>;

/** The card flags of a message, or undefined when it is not a (valid) Damage Chain card. */
export function cardFlags(message: ChatMessage.Implementation): CardFlags | undefined {
  const raw = (message.flags as Record<string, { card?: unknown } | undefined>)[MODULE_ID]?.card;
  const parsed = cardFlagsSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** Ids of the users who see a card about `data`'s targets; `undefined` = everyone. */
export function cardWhisper(data: CardData): string[] | undefined {
  const mode = setting("cardVisibility");
  const gmOnly = mode === "gm" || (mode === "hideNpc" && data.targets.length > 0 && data.targets.every((t) => t.npc));
  if (!gmOnly) return undefined;
  return ChatMessage.getWhisperRecipients("GM").map((u) => u.id);
}

/** Render the card HTML from the template. */
export async function renderCard(data: CardData): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(TEMPLATES.card, data as unknown as Record<string, unknown>);
}

/**
 * Post one card for `plans` (already written). `applier` is the user on whose
 * behalf the damage was applied (the requesting player for relayed hits).
 * Returns the message, or undefined when there was nothing to show.
 */
export async function postCard(plans: readonly HitPlan[], profile: Profile, applier: string): Promise<ChatMessage.Implementation | undefined> {
  if (plans.length === 0) return undefined;
  const data = cardData(plans, profile);
  const flags: CardFlags = { version: 1, applier, reverted: false, deltas: plans.map((p) => p.delta) };
  const whisper = cardWhisper(data);
  const message = await ChatMessage.implementation.create({
    content: await renderCard(data),
    speaker: { alias: game.i18n!.localize("DAMAGECHAIN.Title") },
    flags: { [MODULE_ID]: { card: flags } },
    ...(whisper === undefined ? {} : { whisper }),
  });
  return message ?? undefined;
}
