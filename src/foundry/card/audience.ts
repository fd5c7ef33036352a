/**
 * Who receives which part of a card. A message's content and
 * flags reach every client that may see the message, so what players must
 * not read is never put in a message they receive; hiding it at render time
 * is not enough. A card is built per audience:
 * - the card everyone may read: the rows players may see, their undo and
 *   redo data, no GM notes;
 * - the GM part, whispered to the GMs: the rows hidden from players (the
 *   `hideNpc` visibility) with their undo and redo data, and the GM notes (refused
 *   defenses, bad data) of every row. It names its card (`of`), and undoing
 *   the card undoes it too (`undo.ts`).
 * A card the visibility keeps for the GMs anyway is one whisper with all of it.
 *
 * Foundry shows a whisper to its author as well as its recipients
 * (`ChatMessage#visible`, v13 and v14), so a player's client never posts a
 * GM part, nor GM notes in a whisper: it posts the card without them, and the
 * active GM posts the GM part, rebuilt from the actors (`gm/notes.ts`).
 */
import type { CardVisibility } from "../settings/settings.ts";
import type { CardData, StoredTarget } from "./data.ts";
import type { StoredDelta } from "./pack.ts";

/** One card line about a Variable Resistance: the result and how many allies got it; who used it when it was chosen at random. */
export interface CardShareLine {
  text: string;
  chosen?: string;
  /** The user is an NPC: hidden from players under the `hideNpc` visibility, like its target row. */
  npc: boolean;
}

/** One message to post: the rows and lines of one audience, the undo data it keeps, the targets whose redo data it keeps, whether it is a GM part, and to whom it is whispered (`undefined`: everyone). */
export interface CardMessage {
  targets: StoredTarget[];
  lines: CardShareLine[];
  gmPart: boolean;
  deltas: StoredDelta[];
  /**
   * Indexes into the card's targets (`CardData.targets`) whose redo data this
   * message keeps (`redo-data.ts`): the targets of its own `deltas`, in the
   * same order, so redo row i is the actor of undo row i.
   */
  redo: number[];
  whisper?: string[];
}

/** How to split: the setting, the GMs' user ids, and whether the posting client is a GM's. */
export interface SplitOptions {
  visibility: CardVisibility;
  gmIds: readonly string[];
  /**
   * The posting client is a GM's. A player's client posts only hits on
   * actors it may write itself, and never a GM part: its card keeps all the
   * undo data (it can undo it) and no GM notes.
   */
  byGM: boolean;
}

/** `t` without its GM notes: `t` itself when it has none (a row is only read: no copy per target of an area hit). */
const withoutNotes = (t: StoredTarget): StoredTarget => (t.warnings.length === 0 ? t : { ...t, warnings: [] });

/**
 * Split a card into the messages to post, the card first. `deltas[i]` is the
 * undo data of `data.targets[i]`; `allies` the undo data of allies that
 * received Variable Resistance. Returns one message (no GM part needed, or the
 * whole card is for the GMs) or two (the card and its GM part).
 */
export function splitCard(data: CardData, lines: readonly CardShareLine[], deltas: readonly StoredDelta[], allies: readonly StoredDelta[], o: SplitOptions): CardMessage[] {
  const all = (notes: boolean): StoredTarget[] => data.targets.map((t) => (notes ? t : withoutNotes(t)));
  const every = data.targets.map((_, i) => i);
  const gmOnly = o.visibility === "gm" || (o.visibility === "hideNpc" && data.targets.length > 0 && data.targets.every((t) => t.npc));
  if (gmOnly && o.gmIds.length > 0) return [{ targets: all(o.byGM), lines: [...lines], gmPart: false, deltas: [...deltas, ...allies], redo: every, whisper: [...o.gmIds] }];
  const hideNpc = o.visibility === "hideNpc";
  const hidden = (t: StoredTarget) => hideNpc && t.npc;
  if (!o.byGM) {
    // A player's client writes only actors it owns, which are never NPC rows; what must stay hidden is left out.
    return [{ targets: all(false).filter((t) => !hidden(t)), lines: lines.filter((l) => !(hideNpc && l.npc)), gmPart: false, deltas: [...deltas, ...allies], redo: every }];
  }
  const needsPart = data.targets.some((t) => hidden(t) || t.warnings.length > 0) || lines.some((l) => hideNpc && l.npc);
  if (!needsPart || o.gmIds.length === 0) return [{ targets: all(false), lines: [...lines], gmPart: false, deltas: [...deltas, ...allies], redo: every }];
  // Undo data of hidden rows (and, under hideNpc, of the allies) goes with the GM part.
  const main: CardMessage = {
    targets: data.targets.filter((t) => !hidden(t)).map(withoutNotes),
    lines: lines.filter((l) => !(hideNpc && l.npc)),
    gmPart: false,
    deltas: [...deltas.filter((_, i) => !hidden(data.targets[i]!)), ...(hideNpc ? [] : allies)],
    redo: every.filter((i) => !hidden(data.targets[i]!)),
  };
  const part: CardMessage = {
    targets: data.targets.filter((t) => hidden(t) || t.warnings.length > 0),
    lines: lines.filter((l) => hideNpc && l.npc),
    gmPart: true,
    deltas: [...deltas.filter((_, i) => hidden(data.targets[i]!)), ...(hideNpc ? allies : [])],
    redo: every.filter((i) => hidden(data.targets[i]!)),
    whisper: [...o.gmIds],
  };
  return [main, part];
}
