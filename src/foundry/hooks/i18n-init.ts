/**
 * `i18nInit`: the lang files are loaded; from now on every validation message
 * (the Defenses tab, the editors, the card, the API's errors) is worded in the
 * user's language through zod's error map (`src/core/messages.ts`).
 */
import { useValidationLanguage } from "../../core/messages.ts";
import { localizer } from "../localizer.ts";

/** Handler for `i18nInit`. */
export function onI18nInit(): void {
  useValidationLanguage(localizer());
}
