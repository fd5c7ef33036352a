/**
 * Vitest setup: validation messages in English from lang/en.json, as the
 * module's entry points install them (`src/core/messages.ts`): tests read
 * the same words a GM does.
 */
import { loadEnglish } from "../src/cli/i18n.ts";
import { useValidationLanguage } from "../src/core/messages.ts";

useValidationLanguage(loadEnglish());
