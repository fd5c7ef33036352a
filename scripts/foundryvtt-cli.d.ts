/** Types for the part of `@foundryvtt/foundryvtt-cli` (which ships none) that `build-packs.ts` uses. */
declare module "@foundryvtt/foundryvtt-cli" {
  export interface PackageOptions {
    nedb?: boolean;
    yaml?: boolean;
    recursive?: boolean;
    log?: boolean;
    transformEntry?: (entry: object, context: { documentType?: string }) => Promise<false | void> | false | void;
  }
  /** Compile the source files in `src` (JSON, or YAML with `yaml: true`) into the pack at `dest`. */
  export function compilePack(src: string, dest: string, options?: PackageOptions): Promise<void>;
  /** Extract the pack at `src` into one file per document in `dest` (used by the tests to read a built pack back). */
  export function extractPack(src: string, dest: string, options?: PackageOptions & { documentType?: string; clean?: boolean }): Promise<void>;
}
