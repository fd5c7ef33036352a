/**
 * Browser stand-ins for the Node-only imports of the Foundry test double
 * (`test/foundry/double-base.ts` reads its lang file and one partial with
 * `node:fs` at load; `double.ts` imports `vi` for `World.connect`), used
 * when `./serve.ts` bundles the double for the shipped-build page. The page
 * reads lang files and templates from the server instead (`page-double.ts`),
 * so `readFileSync` answers an empty JSON object and `vi` does nothing.
 */
export const readFileSync = (): string => "{}";
export const join = (...parts: (string | undefined)[]): string => parts.filter((p) => p !== undefined).join("/");
export const vi = { resetModules: (): void => undefined };
