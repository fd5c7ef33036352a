/**
 * Redo (`redo.ts`), its own chunk, loaded on the first redo: one loader for
 * every caller (the API, the card's Redo button), so a client loads it once.
 */
import { loadOnce } from "../load-once.ts";

export const loadRedo = loadOnce(() => import("./redo.ts"));
