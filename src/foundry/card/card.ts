/**
 * Posting the chat card (issue 3 §5): ONE message per applied event, listing
 * every target, rendered from `templates/chat-card.hbs`. The message's flags
 * keep what undo needs: the applier and, per actor, the stored deltas.
 *
 * Visibility (setting `cardVisibility`): `public` for everyone; `gm`
 * whispered to the GMs; `hideNpc` whispered to the GMs when every target is
 * an NPC, otherwise public without the NPC rows, which go to the GM part
 * (`audience.ts`) with the GM notes: players' clients never receive them.
 */
import { z } from "zod";
import { typeLabel } from "../../core/explain.ts";
import type { Profile } from "../../core/model/profile.ts";
import type { ActorDelta } from "../../core/undo.ts";
import { splitCard, type CardMessage, type CardShareLine, type CardView, type StoredDelta } from "./audience.ts";
import { cardData, localizer } from "./data.ts";
import { MODULE_ID, TEMPLATES } from "../constants.ts";
import type { HitPlan } from "../hit/plan.ts";
import { setting } from "../settings/settings.ts";
import type { VariableResistanceShare } from "../actor/variable-resistance.ts";

const flatUpdate = z.record(z.string(), z.unknown());

/** What a card keeps in `flags["damage-chain"].card`. */
export const cardFlagsSchema = z.object({
  version: z.literal(1),
  /** Id of the user who applied the damage (may undo it when `undoByApplier` is on). */
  applier: z.string(),
  reverted: z.boolean(),
  /**
   * Per actor: the update written and the update that takes it back (targets,
   * then allies that received Variable Resistance), and the status effect ids
   * the hit turned on (`actor/statuses.ts`), which undo turns off.
   */
  deltas: z.array(z.object({ uuid: z.string(), apply: flatUpdate, revert: flatUpdate, statuses: z.array(z.string()).optional() })),
  /** On a GM part (`audience.ts`): the id of the card it belongs to. */
  of: z.string().optional(),
});
export type CardFlags = z.infer<typeof cardFlagsSchema>;

/** The card flags of a message, or undefined when it is not a (valid) Damage Chain card. */
export function cardFlags(message: ChatMessage.Implementation): CardFlags | undefined {
  const raw = (message.flags as Record<string, { card?: unknown } | undefined>)[MODULE_ID]?.card;
  const parsed = cardFlagsSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** What a hit did besides the targets' own writes: allies' writes, status effects turned on, Variable Resistance shared. */
export interface CardExtras {
  /** Writes to allies that were not targets (Variable Resistance), undone with the card. */
  allies: readonly ActorDelta[];
  /** Per actor uuid: status effect ids the hit turned on. */
  statuses: Readonly<Record<string, readonly string[]>>;
  /** Each use of Variable Resistance (one per alliance it triggered in). */
  shares: readonly VariableResistanceShare[];
}

/** The lang key for a Variable Resistance line shared with `allies` allies (0, 1 or more). */
function shareKey(allies: number): string {
  if (allies === 0) return "DAMAGECHAIN.Card.VariableResistance";
  return allies === 1 ? "DAMAGECHAIN.Card.VariableResistanceOneAlly" : "DAMAGECHAIN.Card.VariableResistanceAllies";
}

/**
 * The lines for `shares`: "Variable Resistance: resist fire, vulnerable cold —
 * shared with 2 allies" (lang `DAMAGECHAIN.Card.VariableResistance*`), and when
 * it triggered for several allies at once, who was chosen at random
 * (`DAMAGECHAIN.Card.VariableResistanceChosen`).
 */
export function shareLines(shares: readonly VariableResistanceShare[]): CardShareLine[] {
  const i18n = game.i18n!;
  const l = localizer();
  return shares.map((s) => {
    const types = { resist: typeLabel(s.resist, l), vulnerable: typeLabel(s.vulnerable, l) };
    const line: CardShareLine = { text: i18n.format(shareKey(s.allies.length), { ...types, count: String(s.allies.length) }), npc: s.user.npc };
    if (s.triggered > 1) line.chosen = i18n.format("DAMAGECHAIN.Card.VariableResistanceChosen", { actor: s.user.name, count: String(s.triggered) });
    return line;
  });
}

/** Render the card HTML from the template. */
export async function renderCard(data: CardView): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(TEMPLATES.card, data as unknown as Record<string, unknown>);
}

/**
 * Post the card for `plans` (already written) and what came with them
 * (`extras`), split per audience (`audience.ts`): the card, and when players
 * must not read part of it, its GM part whispered to the GMs. `applier` is the
 * user on whose behalf the damage was applied (the requesting player for
 * relayed hits). Returns the card's message, or undefined when there was
 * nothing to show.
 */
export async function postCard(plans: readonly HitPlan[], profile: Profile, applier: string, extras: CardExtras): Promise<ChatMessage.Implementation | undefined> {
  if (plans.length === 0) return undefined;
  const deltas: StoredDelta[] = plans.map((p) => {
    const statuses = extras.statuses[p.delta.uuid];
    return statuses === undefined ? p.delta : { ...p.delta, statuses: [...statuses] };
  });
  const gmIds = ChatMessage.getWhisperRecipients("GM").map((u) => u.id);
  const [card, part] = splitCard(cardData(plans, profile), shareLines(extras.shares), deltas, extras.allies, { visibility: setting("cardVisibility"), gmIds, byGM: game.user?.isGM === true });
  const message = await post(card!, { version: 1, applier, reverted: false, deltas: card!.deltas });
  if (message === undefined || part === undefined) return message;
  await post(part, { version: 1, applier, reverted: false, deltas: part.deltas, of: message.id! });
  return message;
}

async function post(m: CardMessage, flags: CardFlags): Promise<ChatMessage.Implementation | undefined> {
  const message = await ChatMessage.implementation.create({
    content: await renderCard(m.view),
    speaker: { alias: game.i18n!.localize("DAMAGECHAIN.Title") },
    flags: { [MODULE_ID]: { card: flags } },
    ...(m.whisper === undefined ? {} : { whisper: m.whisper }),
  });
  return message ?? undefined;
}
