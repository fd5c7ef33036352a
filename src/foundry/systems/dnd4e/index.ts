/**
 * D&D 4E (the community `dnd4e` system): its actors' resistances,
 * vulnerabilities and immunities as importable traits
 * (`src/core/import/dnd4e.ts`). No damage entry point of its own: HP drops
 * on the token bar are hits, as in any system. Loaded only in dnd4e worlds.
 */
import { importDnd4e } from "../../../core/import/dnd4e.ts";
import type { SystemSupport } from "../types.ts";

export const support: SystemSupport = { id: "dnd4e", importer: { id: "dnd4e", read: importDnd4e } };
