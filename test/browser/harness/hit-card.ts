/**
 * A whole hit's chat messages in the browser page: the real chain resolves
 * each target, the adapter's real `cardData` builds the card, `splitCard`
 * splits it per audience (the card everyone reads, the GM part), each
 * message's rows are packed and read back as a message stores them
 * (`stored.ts`), and `cardView` + `templates/chat-card.hbs` draw them, as the
 * `renderChatMessageHTML` hook does on a GM's client.
 */
import type { DefenderInput } from "../../../src/core/model/defender.ts";
import { defenderSchema } from "../../../src/core/model/defender.ts";
import { damageEventSchema, type DamageEventInput } from "../../../src/core/model/event.ts";
import { BUILT_IN_PROFILES } from "../../../src/core/profiles.ts";
import { resolve } from "../../../src/core/chain.ts";
import { seededRandom } from "../../../src/core/random.ts";
import { cardData } from "../../../src/foundry/card/data.ts";
import { splitCard } from "../../../src/foundry/card/audience.ts";
import { packTargets, unpackTargets } from "../../../src/foundry/card/pack-targets.ts";
import { cardView } from "../../../src/foundry/card/render.ts";
import { registerDnd5eSteps } from "../../../src/core/steps/dnd5e.ts";
import type { CardFlags } from "../../../src/foundry/card/flags.ts";
import type { CardView } from "../../../src/foundry/card/view.ts";
import type { StoredTarget } from "../../../src/foundry/card/data.ts";
import type { CardVisibility } from "../../../src/foundry/settings/settings.ts";
import type { HitPlan } from "../../../src/foundry/actor/hit-plan.ts";

/** One target of a hit: a named defender, a player character (`pc`) or not, hit by `event`. */
export interface HitTarget {
  name: string;
  pc?: boolean;
  defender: DefenderInput;
  event: DamageEventInput;
}

/** How to post: the profile, the card visibility setting, and the world's profile (the card names its profile only when it is another). */
export interface HitOptions {
  profile: string;
  visibility: CardVisibility;
  worldProfile?: string;
}

// As dnd5e's folder does in Foundry: the dnd5e profile's steps are registered apart from the chain.
registerDnd5eSteps();

/** The planned hits of `targets`, as `hit/plan.ts` would make them (no writes). */
function plans(targets: readonly HitTarget[], profileId: string): HitPlan[] {
  const profile = BUILT_IN_PROFILES.find((p) => p.id === profileId)!;
  return targets.map((target, i) => {
    const event = damageEventSchema.parse(target.event);
    const defender = defenderSchema.parse(target.defender);
    const result = resolve({ event, defender, profile, random: seededRandom(1), now: 0 });
    const changes = Object.keys(result.taken).map((key) => ({ key, before: defender.resources[key]?.value ?? 0, after: result.resources[key]?.value ?? 0, max: defender.resources[key]?.max }));
    const actor = { uuid: `Actor.hit${i}`, id: `hit${i}`, name: target.name, img: null, hasPlayerOwner: target.pc === true };
    return { actor, event, result, final: result.final, problems: [], changes, delta: { uuid: actor.uuid, apply: {}, revert: {} } } as unknown as HitPlan;
  });
}

/**
 * The messages' card views for `targets` and their stored rows (for the
 * explanations), the card first, then its GM part when there is one.
 */
export function hitViews(targets: readonly HitTarget[], o: HitOptions): { view: CardView; rows: StoredTarget[] }[] {
  const profile = BUILT_IN_PROFILES.find((p) => p.id === o.profile)!;
  const planned = plans(targets, o.profile);
  const data = cardData(planned, profile, o.worldProfile !== o.profile);
  const messages = splitCard(data, [], planned.map((p) => p.delta), [], { visibility: o.visibility, gmIds: ["gm"], byGM: true });
  return messages.map((m, i) => {
    const uuids = m.deltas.map((d) => d.uuid);
    const stored = packTargets({ summary: data.summary, profile: data.profile, lines: [] }, m.targets, uuids);
    const flags: CardFlags = { version: 2, applier: "gm", reverted: false, deltas: m.deltas, ...(i === 0 ? {} : { of: "card" }) };
    const rows = unpackTargets(stored, uuids);
    return { view: cardView(flags, stored, rows), rows };
  });
}
