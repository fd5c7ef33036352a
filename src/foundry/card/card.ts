/**
 * Posting the chat card: ONE card per applied event, listing
 * every target. The message's flags keep what undo needs (the applier and,
 * per actor, the deltas, packed by `pack.ts`) and the rows (`stored.ts`),
 * drawn with `templates/chat-card.hbs` when the message is shown.
 *
 * Visibility (setting `cardVisibility`): `public` for everyone; `gm`
 * whispered to the GMs; `hideNpc` whispered to the GMs when every target is
 * an NPC, otherwise public without the NPC rows, which go to the GM part
 * (`audience.ts`) with the GM notes: players' clients never receive them.
 */
import { typeLabel } from "../../core/labels.ts";
import type { Profile } from "../../core/model/profile.ts";
import type { ActorDelta } from "../../core/undo.ts";
import { splitCard, type CardMessage, type CardShareLine } from "./audience.ts";
import { inertHtml } from "./inert.ts";
import { cardData, type CardData } from "./data.ts";
import { localizer } from "../localizer.ts";
import type { StoredDelta } from "./pack.ts";
import type { StoredCardFlags } from "./flags.ts";
import { storeShared } from "./store-shared.ts";
import { packTargets } from "./pack-targets.ts";
import type { PackedCard } from "./stored.ts";
import type { StoredTarget } from "./data.ts";
import { hitData, type HitData } from "./redo-data.ts";
import { askForNotes } from "../relay/client.ts";
import { MODULE_ID, TEMPLATES } from "../constants.ts";
import type { HitPlan } from "../actor/hit-plan.ts";
import { setting } from "../settings/settings.ts";
import type { VariableResistanceShare } from "../actor/variable-resistance.ts";

export { cardFlags, type CardFlags } from "./flags.ts";

/** The active combat's round (`game.combat.round`), when there is one and it has started. */
function combatRound(): number | undefined {
  const round = (game.combat as { round?: unknown } | null | undefined)?.round;
  return typeof round === "number" && Number.isInteger(round) && round > 0 ? round : undefined;
}

/** How many targets a card's message content names; the rest are counted ("… and 980 more"). Every row is in the flags. */
export const NAMES_IN_CONTENT = 20;

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

/**
 * Post the card for `plans` (already written) and what came with them
 * (`extras`), split per audience (`audience.ts`): the card, and when players
 * must not read part of it, its GM part whispered to the GMs. Each message
 * stores its rows packed (`stored.ts`, `pack.ts`) and a short content (the
 * first `NAMES_IN_CONTENT` names and how many more); the rows are drawn when the message is shown (`render.ts`).
 * `applier` is the user on whose behalf the damage was applied (the
 * requesting player for relayed hits); `redoOf`, on a redo's card, the id
 * of the card it redoes (the GM-authored record of that redo, `hit/redo.ts`).
 * Returns the card's message, or undefined when there was nothing to show.
 */
export async function postCard(plans: readonly HitPlan[], profile: Profile, applier: string, extras: CardExtras, redoOf?: string): Promise<ChatMessage.Implementation | undefined> {
  if (plans.length === 0) return undefined;
  const deltas: StoredDelta[] = plans.map((p) => {
    const statuses = extras.statuses[p.delta.uuid];
    return statuses === undefined ? p.delta : { ...p.delta, statuses: [...statuses] };
  });
  const gmIds = ChatMessage.getWhisperRecipients("GM").map((u) => u.id);
  // The world's own profile goes without saying; a card names only another one (an API call's `options.profile`).
  const data = cardData(plans, profile, profile.id !== setting("profile"));
  const byGM = game.user?.isGM === true;
  const [card, part] = splitCard(data, shareLines(extras.shares), deltas, extras.allies, { visibility: setting("cardVisibility"), gmIds, byGM });
  const round = combatRound();
  // Each message keeps the redo data of its own rows only: hidden targets leave no trace in the card players receive.
  const hitOf = (m: CardMessage) => (m.redo.length === 0 ? undefined : hitData(m.redo.map((i) => plans[i]!), round));
  const message = await post(data, card!, applier, { hit: hitOf(card!), ...(redoOf === undefined ? {} : { redoOf }) });
  // A player's client posts no GM notes: the active GM rebuilds them from the actors and posts them (gm/notes.ts).
  if (message !== undefined && !byGM && data.targets.some((t) => t.warnings.length > 0)) void askForNotes(message.id!, profile.id);
  if (message === undefined || part === undefined) return message;
  await post(data, part, applier, { of: message.id!, hit: hitOf(part) });
  return message;
}

/**
 * Post the GM part of the card `card` (whose stored view is `view`): the rows
 * `targets` with their GM notes, whispered to the GMs, no undo data. Used by
 * the active GM for a card a player's client posted (`gm/notes.ts`).
 */
export async function postNotes(card: ChatMessage.Implementation, view: PackedCard, targets: StoredTarget[], applier: string): Promise<void> {
  const gmIds = ChatMessage.getWhisperRecipients("GM").map((u) => u.id);
  const head: CardData = { summary: view.summary, profile: view.profile, ...(view.words === undefined ? {} : { words: view.words }), targets, reverted: false };
  await post(head, { targets, lines: [], gmPart: true, deltas: [], redo: [], whisper: gmIds }, applier, { of: card.id! });
}

/** What a posted message names besides its rows: the card it is the GM part `of`, its redo data (`hit`), the card whose redo it is (`redoOf`). */
interface PostLinks {
  of?: string;
  hit?: HitData | undefined;
  redoOf?: string;
}

async function post(data: CardData, m: CardMessage, applier: string, { of, hit, redoOf }: PostLinks = {}): Promise<ChatMessage.Implementation | undefined> {
  const lines = m.lines.map((l) => (l.chosen === undefined ? { text: l.text } : { text: l.text, chosen: l.chosen }));
  const view = packTargets({ summary: data.summary, profile: data.profile, words: data.words, lines }, m.targets, m.deltas.map((d) => d.uuid));
  const card: StoredCardFlags = { version: 4, applier, reverted: false, ...(of === undefined ? {} : { of }), ...storeShared(m.deltas, view, hit), ...(redoOf === undefined ? {} : { redoOf }) };
  // Every text in the content as inert HTML (`inert.ts`): names and labels are never rolled or enriched.
  const content = await foundry.applications.handlebars.renderTemplate(TEMPLATES.cardStored, {
    summary: inertHtml(data.summary), profile: inertHtml(data.profile), gmPart: m.gmPart,
    names: m.targets.slice(0, NAMES_IN_CONTENT).map((t) => inertHtml(t.name)), more: Math.max(0, m.targets.length - NAMES_IN_CONTENT),
    lines: lines.map((l) => ({ text: inertHtml(l.text), ...(l.chosen === undefined ? {} : { chosen: inertHtml(l.chosen) }) })),
  });
  const message = await ChatMessage.implementation.create({
    content,
    speaker: { alias: game.i18n!.localize("DAMAGECHAIN.Title") },
    flags: { [MODULE_ID]: { card } },
    ...(m.whisper === undefined ? {} : { whisper: m.whisper }),
  });
  return message ?? undefined;
}
