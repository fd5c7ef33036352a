/**
 * Each target's share in the Apply Damage dialog: the
 * preview rows' controls (a share select, and for a hit of several parts one
 * box per part, one per reaction the target has) and reading them back from
 * the form into the API's `{ target, multiplier, parts, reactions }`.
 */
import { typeLabel } from "../../core/labels.ts";
import { isFullShare, shareSchema, type Share } from "../../core/share.ts";
import { actorsOf, type TargetLike } from "../actor/targets.ts";
import type { SharedTarget } from "../hit/apply.ts";
import { localizer } from "../localizer.ts";

/** The share choices of a preview row: multiplier → lang key. */
export const SHARE_CHOICES: readonly { multiplier: number; key: string }[] = [
  { multiplier: 1, key: "DAMAGECHAIN.Share.full" },
  { multiplier: 0.5, key: "DAMAGECHAIN.Share.half" },
  { multiplier: 0, key: "DAMAGECHAIN.Share.none" },
  { multiplier: 2, key: "DAMAGECHAIN.Share.double" },
];

/** Prefix of a row's share control: `share:<actor uuid>`. */
const SHARE = "share:";

/** Prefix of a row's part count (`parts:<uuid>`, hidden) and of each part's box (`part:<uuid>:<index>`). */
const PARTS = "parts:";
const PART = "part:";

/** Prefix of a row's reaction boxes: `reaction:<uuid>:<id>`, one per reaction the target has (Uncanny Dodge). */
const REACTION = "reaction:";

/** True for a ticked box, as `FormData` (`"on"`) or Foundry's `FormDataExtended` (`true`) gives it. */
const ticked = (v: unknown): boolean => v === true || v === "on";

/**
 * The shares the form's rows set, by actor uuid: `share:<uuid>` → the
 * multiplier, and, for a hit of several parts, the parts whose box
 * `part:<uuid>:<i>` is ticked (of the `parts:<uuid>` the row offered). Full
 * shares are left out; a value that is not a valid share is ignored.
 */
export function sharesFromForm(values: Record<string, unknown>): Map<string, Share> {
  const out = new Map<string, Share>();
  const uuids = new Set<string>();
  const reactions = new Map<string, string[]>();
  for (const [name, value] of Object.entries(values)) {
    if (name.startsWith(SHARE)) uuids.add(name.slice(SHARE.length));
    else if (name.startsWith(PARTS)) uuids.add(name.slice(PARTS.length));
    else if (name.startsWith(REACTION) && ticked(value)) {
      // The id follows the uuid's last ":" (a uuid has none of its own: "Actor.x", "Scene.s.Token.t.Actor.x").
      const rest = name.slice(REACTION.length);
      const cut = rest.lastIndexOf(":");
      if (cut <= 0) continue;
      const uuid = rest.slice(0, cut);
      uuids.add(uuid);
      reactions.set(uuid, [...(reactions.get(uuid) ?? []), rest.slice(cut + 1)]);
    }
  }
  for (const uuid of uuids) {
    const count = Number(values[`${PARTS}${uuid}`] ?? 0);
    const parts = Number.isInteger(count) && count > 1 ? [...Array(Math.min(count, 64)).keys()].filter((i) => ticked(values[`${PART}${uuid}:${i}`])) : undefined;
    const raw = values[`${SHARE}${uuid}`];
    const taken = reactions.get(uuid);
    const parsed = shareSchema.safeParse({ multiplier: raw === undefined ? 1 : Number(raw), ...(parts === undefined || parts.length === count ? {} : { parts }), ...(taken === undefined ? {} : { reactions: taken }) });
    if (parsed.success && !isFullShare(parsed.data)) out.set(uuid, parsed.data);
  }
  return out;
}

/** `targets` as the dialog applies them: each target's actor with the share its preview row sets. */
export function targetsWithShares(targets: readonly TargetLike[], values: Record<string, unknown>): (SharedTarget | TargetLike)[] {
  const shares = sharesFromForm(values);
  return actorsOf(targets).actors.map((actor) => {
    const share = shares.get(actor.uuid);
    return share === undefined ? actor : { target: actor, multiplier: share.multiplier, ...(share.parts === undefined ? {} : { parts: share.parts }), ...(share.reactions === undefined ? {} : { reactions: share.reactions }) };
  });
}


/** A preview row's share control, in the reader's language (`share:<uuid>`, named after the target). */
export function shareSelect(uuid: string, name: string, multiplier: number): HTMLSelectElement {
  const select = document.createElement("select");
  select.name = `${SHARE}${uuid}`;
  select.setAttribute("aria-label", game.i18n!.format("DAMAGECHAIN.Dialog.ShareOf", { name }));
  for (const choice of SHARE_CHOICES) {
    const option = document.createElement("option");
    option.value = String(choice.multiplier);
    option.textContent = game.i18n!.localize(choice.key);
    option.selected = choice.multiplier === multiplier;
    select.append(option);
  }
  return select;
}

/**
 * A preview row's boxes for a hit of several parts: one per
 * part, ticked when the target takes it ("apply only the fire"), labelled by
 * the part's types, and a hidden count. None for a one-part hit.
 */
export function partBoxes(uuid: string, name: string, partTypes: readonly string[][], kept: readonly number[] | undefined): HTMLElement[] {
  if (partTypes.length < 2) return [];
  const count = document.createElement("input");
  count.type = "hidden";
  count.name = `${PARTS}${uuid}`;
  count.value = String(partTypes.length);
  const l = localizer();
  const boxes = partTypes.map((types, i) => {
    const label = document.createElement("label");
    label.className = "checkbox";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.name = `${PART}${uuid}:${i}`;
    box.checked = kept === undefined || kept.includes(i);
    const text = types.length === 0 ? game.i18n!.format("DAMAGECHAIN.Dialog.PartN", { n: String(i + 1) }) : types.map((t) => typeLabel(t, l)).join("/");
    box.setAttribute("aria-label", game.i18n!.format("DAMAGECHAIN.Dialog.PartOf", { part: text, name }));
    label.append(box, ` ${text}`);
    return label;
  });
  return [count, ...boxes];
}

/**
 * A preview row's boxes for the target's reactions (its `defenses.reactions`:
 * Uncanny Dodge), each unticked until the GM takes it for this hit: a
 * reaction is chosen when the damage is applied, never always on.
 */
export function reactionBoxes(uuid: string, name: string, reactions: readonly { id: string; label: string }[], taken: readonly string[] | undefined): HTMLElement[] {
  return reactions.map((r) => {
    const label = document.createElement("label");
    label.className = "checkbox";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.name = `${REACTION}${uuid}:${r.id}`;
    box.checked = taken?.includes(r.id) === true;
    box.setAttribute("aria-label", game.i18n!.format("DAMAGECHAIN.Dialog.ReactionOf", { reaction: r.label, name }));
    label.append(box, ` ${r.label}`);
    return label;
  });
}
