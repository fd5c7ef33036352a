/**
 * World settings of Damage Chain, typed through declaration
 * merging of `SettingConfig`, so `game.settings.get("damage-chain", key)` has
 * the right type. Values that hold user data (custom profiles, resource
 * mapping) are validated when read, never trusted.
 */
import type { DamageUpdateMode } from "../../core/damage-update.ts";
import { DAGGERHEART_PROFILE_ID, DEFAULT_PROFILE_ID, DND5E_PROFILE_ID, DRAW_STEEL_PROFILE_ID, PF1_PROFILE_ID, PF2E_PROFILE_ID } from "../../core/profile-registry.ts";
import { MODULE_ID } from "../constants.ts";

/** Who sees the chat card: everyone, GMs only, or GMs only for NPC targets. */
export type CardVisibility = "public" | "gm" | "hideNpc";
/** Who may edit an actor's defenses: GMs only, or the actor's owners too. */
export type EditPermission = "gm" | "owner";
/** dnd5e: the chain replaces dnd5e's resistances, or runs on dnd5e's result. */
export type Dnd5eMode = "replace" | "after";
/** Registered by the midi-qol integration itself, in midi-qol worlds only (`systems/dnd5e/midi-qol/integration.ts`). Who applies midi-qol's damage reduction (`flags.midi-qol.DR.*`, `system.traits.dm.midi`) in a midi-qol world: midi, before the chain; or nobody, the chain's own steps standing for it (`systems/dnd5e/midi-qol/`). */
export type MidiQolDr = "chain" | "midi";

declare global {
  interface SettingConfig {
    /** Active profile id (built-in or custom). */
    "damage-chain.profile": string;
    /** Custom profiles as stored (validated on read, see `profiles.ts`). */
    "damage-chain.customProfiles": unknown[];
    /** Actor type → resource key → paths (validated on read, see `actor/resources.ts`). */
    "damage-chain.resourceMapping": Record<string, unknown>;
    /** Type given to untyped damage. */
    "damage-chain.defaultDamageType": string;
    "damage-chain.cardVisibility": CardVisibility;
    "damage-chain.editPermission": EditPermission;
    "damage-chain.dnd5eMode": Dnd5eMode;
    "damage-chain.midiQolDr": MidiQolDr;
    /** pf2e: pf2e resolves its IWR and the chain runs after, or the chain resolves the hit with pf2e's traits imported live (`systems/pf2e/`). */
    "damage-chain.pf2eMode": "after" | "replace";
    /** The user who applied damage may undo it (GMs always may). */
    "damage-chain.undoByApplier": boolean;
    /** Conditions a hit causes also turn on the matching Foundry status effect (`actor/statuses.ts`). */
    "damage-chain.applyStatusEffects": boolean;
    /** Which direct HP changes count as damage (`core/damage-update.ts`). */
    "damage-chain.damageUpdates": DamageUpdateMode;
    /** Hits count the system's own damage traits as defenses, read live (`actor/system-traits.ts`). */
    "damage-chain.systemTraits": boolean;
    /** The bulk retrofit's last batch, to undo it in one step (`apps/bestiary/batch.ts`). */
    "damage-chain.retrofitUndo": Record<string, unknown>;
    /** How many of the newest chat messages the damage history reads (`apps/history.ts`). */
    "damage-chain.historySize": number;
    /** Card id → the undo a GM carried out on a card a player posted (`card/undo-record.ts`; read as data, never trusted). */
    "damage-chain.undoRecords": Record<string, unknown>;
  }
}

/** Every setting key (without the namespace). */
export const SETTING_KEYS = ["profile", "customProfiles", "resourceMapping", "defaultDamageType", "cardVisibility", "editPermission", "dnd5eMode", "midiQolDr", "undoByApplier", "applyStatusEffects", "damageUpdates", "systemTraits", "retrofitUndo", "historySize", "pf2eMode", "undoRecords"] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

type Value<K extends SettingKey> = SettingConfig[`damage-chain.${K}`];

/** The current value of a Damage Chain setting. */
export function setting<K extends SettingKey>(key: K): Value<K> {
  return game.settings!.get(MODULE_ID, key) as Value<K>;
}

/** Store a Damage Chain setting (world settings: GM only). */
export async function setSetting<K extends SettingKey>(key: K, value: Value<K>): Promise<void> {
  await game.settings!.set(MODULE_ID, key, value as never);
}

const L = (k: string): string => `DAMAGECHAIN.Settings.${k}`;

/**
 * The built-in profile of this world's system (the `profile` setting's default): dnd5e's; pf2e's in pf2e and
 * Starfinder 2e worlds (SF2e is pf2e's engine built with another id, with pf2e's damage types and `applyIWR`:
 * `core/import/sf2e.ts`); Draw Steel's; Daggerheart's; Pathfinder 1e's; else the default one.
 */
export function worldProfileId(): string {
  const id = game.system?.id;
  return id === "dnd5e" ? DND5E_PROFILE_ID : id === "pf2e" || id === "sf2e" ? PF2E_PROFILE_ID : id === "draw-steel" ? DRAW_STEEL_PROFILE_ID : id === DAGGERHEART_PROFILE_ID ? id : id === "pf1" ? PF1_PROFILE_ID : DEFAULT_PROFILE_ID;
}

/**
 * Register every setting. `profileChoices` lists the profiles the GM can pick
 * (id → name, kept up to date in place); `onCustomProfiles` runs on every
 * client when the custom profiles change, `onProfile` when the chosen profile does.
 */
export function registerSettings(profileChoices: Record<string, string>, onCustomProfiles: (value: unknown[]) => void, onProfile: () => void = () => undefined): void {
  const s = game.settings!;
  s.register(MODULE_ID, "profile", {
    name: L("Profile.Name"), hint: L("Profile.Hint"), scope: "world", config: true,
    type: String, choices: profileChoices, default: worldProfileId(), onChange: () => onProfile(),
  });
  s.register(MODULE_ID, "customProfiles", { scope: "world", config: false, type: Array, default: [], onChange: (v) => onCustomProfiles(v as unknown[]) });
  s.register(MODULE_ID, "resourceMapping", { scope: "world", config: false, type: Object, default: {} });
  s.register(MODULE_ID, "defaultDamageType", {
    name: L("DefaultType.Name"), hint: L("DefaultType.Hint"), scope: "world", config: true, type: String, default: "physical",
  });
  s.register(MODULE_ID, "cardVisibility", {
    name: L("Visibility.Name"), hint: L("Visibility.Hint"), scope: "world", config: true, type: String, default: worldProfileId() === DEFAULT_PROFILE_ID ? "public" : "hideNpc", // NPC rows hidden where the system has its profile
    choices: { public: L("Visibility.public"), gm: L("Visibility.gm"), hideNpc: L("Visibility.hideNpc") },
  });
  s.register(MODULE_ID, "editPermission", {
    name: L("Edit.Name"), hint: L("Edit.Hint"), scope: "world", config: true, type: String, default: "gm",
    choices: { gm: L("Edit.gm"), owner: L("Edit.owner") },
  });
  s.register(MODULE_ID, "dnd5eMode", {
    name: L("Dnd5e.Name"), hint: L("Dnd5e.Hint"), scope: "world", config: game.system?.id === "dnd5e", type: String, default: "replace",
    choices: { replace: L("Dnd5e.replace"), after: L("Dnd5e.after") },
  });
  s.register(MODULE_ID, "undoByApplier", {
    name: L("UndoByApplier.Name"), hint: L("UndoByApplier.Hint"), scope: "world", config: true, type: Boolean, default: true,
  });
  s.register(MODULE_ID, "damageUpdates", {
    name: L("DamageUpdates.Name"), hint: L("DamageUpdates.Hint"), scope: "world", config: true, type: String, default: "value",
    choices: { value: L("DamageUpdates.value"), valueAndTemp: L("DamageUpdates.valueAndTemp"), none: L("DamageUpdates.none") },
  });
  s.register(MODULE_ID, "systemTraits", {
    name: L("SystemTraits.Name"), hint: L("SystemTraits.Hint"), scope: "world", config: game.system?.id === "dnd5e" || game.system?.id === "dnd4e", type: Boolean, default: false,
  });
  s.register(MODULE_ID, "retrofitUndo", { scope: "world", config: false, type: Object, default: {} });
  s.register(MODULE_ID, "undoRecords", { scope: "world", config: false, type: Object, default: {} });
  s.register(MODULE_ID, "historySize", {
    name: L("HistorySize.Name"), hint: L("HistorySize.Hint"), scope: "world", config: true, type: Number, default: 200,
    range: { min: 10, max: 2000, step: 10 },
  });
  s.register(MODULE_ID, "applyStatusEffects", {
    name: L("StatusEffects.Name"), hint: L("StatusEffects.Hint"), scope: "world", config: true, type: Boolean, default: true,
  });
}
