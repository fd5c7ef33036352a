/**
 * Writes the scenario format as JSON Schema to `schema/scenario.schema.json`
 * (`npm run schema`). The schema comes from the zod schemas in
 * `src/core/scenario.ts`, so the file and the validator never disagree; a
 * test fails when the committed file is stale.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { scenarioJsonSchema } from "../src/core/scenario.ts";

const target = fileURLToPath(new URL("../schema/scenario.schema.json", import.meta.url));
writeFileSync(target, `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
process.stdout.write(`wrote ${target}\n`);
