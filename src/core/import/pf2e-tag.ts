/**
 * The template of the entries of `pf2eUnaffected` (`pf2e.ts`): immunities
 * the card names "unaffected". A file of its own so that the immunity step,
 * which every world loads, does not pull in pf2e's importer.
 */
export const PF2E_UNAFFECTED_TAG = "import.pf2e.unaffected";
