/**
 * Scenarios: one defender (`defender`) or several named ones (`defenders`),
 * one profile and a sequence of hits and round / turn / time changes,
 * resolved in order with each defender's resources and state carried from
 * hit to hit. A hit on several targets is ONE event resolved per target in
 * the order named (002 rule 16: one quantity dealt to a set of objects is one
 * event; individually chosen targets are separate hits), as the module's
 * area hit does. This is the file format of the
 * `damage-chain` CLI (`examples/*.yaml`) and the shape published as JSON
 * Schema in `schema/scenario.schema.json` (generated from these schemas by
 * `npm run schema`). Pure: no I/O, randomness from one seeded source.
 */
import { z } from "./zod.ts";
import { keyed, rule, say, VALIDATION_KEYS } from "./messages.ts";
import { resolve, type ResolveResult } from "./chain.ts";
import { endEncounter, endTurn, rest, startRound } from "./lifecycle.ts";
import { defenderSchema, type Defender } from "./model/defender.ts";
import { damageEventSchema, type DamageEvent } from "./model/event.ts";
import { profileSchema, type Profile } from "./model/profile.ts";
import { BUILT_IN_PROFILES } from "./profiles.ts";
import { seededRandom } from "./random.ts";
import { formatPath, type InputProblem, type Parsed } from "./validate.ts";
import { registerDnd5eSteps } from "./steps/dnd5e.ts";
import { registerDaggerheartSteps } from "./steps/daggerheart.ts";
import { registerPf1Steps } from "./steps/pf1.ts";
import { isFullShare, shareEvent, shareSchema, type Share } from "./share.ts";

// Scenarios and reports may name any built-in profile, the system ones too (their steps are registered apart: `steps/dnd5e.ts`, `steps/pf1.ts`, `steps/daggerheart.ts`).
registerDnd5eSteps();
registerPf1Steps();
registerDaggerheartSteps();

/** The name of the defender of a one-defender scenario (`defender:`). */
export const ONE = "defender";

const BUILT_IN_IDS = BUILT_IN_PROFILES.map((p) => p.id) as [string, ...string[]];

/** A built-in profile by id (RULES.md §3), turned into the profile itself. */
const builtInProfileSchema = z
  .pipe(
    z.enum(BUILT_IN_IDS),
    z.transform((id) => BUILT_IN_PROFILES.find((p) => p.id === id) as Profile),
  )
  .check(z.describe("The id of a built-in profile (RULES.md §3)."));

/** The latest game time a scenario may name or reach by one step, in seconds (about 31,700 years): times and cooldowns added up stay exact. */
const MAX_SECONDS = 1_000_000_000_000;

/** Game seconds: a whole number, 0 to {@link MAX_SECONDS}. */
const seconds = z.number().check(z.int(), z.gte(0), z.lte(MAX_SECONDS));

/**
 * A target of a scenario hit with its share of the event:
 * `multiplier` (0.5 saved for half, 0, 2...; 0 to 1000) and `parts` (indexes
 * of the parts it takes), applied to the incoming damage before the chain
 * (`share.ts`), as the module's card does.
 */
const scenarioTargetSchema = z
  .strictObject({ name: z.string().check(z.minLength(1)), multiplier: z.optional(z.number().check(z.gte(0), z.lte(1000))), parts: z.optional(z.array(z.int().check(z.gte(0), z.lt(64))).check(z.maxLength(64))) })
  .check(z.describe("A defender (its name) with its share of the event: multiplier (0.5 saved for half) and parts (indexes) it takes."));

/** A scenario target's name. */
const nameOf = (t: string | { name: string }): string => (typeof t === "string" ? t : t.name);

/**
 * One step of a scenario; exactly one kind per step:
 * - `{ hit, label?, targets? }`: resolve a damage event (`label` names it in
 *   the output) against each defender named in `targets` (default: all);
 * - `{ newRound: true }`: a new round starts (000 Intention Phase: Damage Limit and shell immunity reset);
 * - `{ advance: seconds }`: game time moves on (Damage Shell cooldowns, 000);
 * - `{ endTurn: true }`: the end phase (002 rule 12: ally temporary damage is removed);
 * - `{ endEncounter: true }`: the encounter ends (001 Variable Resistance ends);
 * - `{ rest: long | short }`: every defender rests (endurance uses recharge, `lifecycle.ts` `rest`).
 */
export const scenarioStepSchema = z.union(
  [
    z
      .strictObject({
        hit: damageEventSchema,
        label: z.optional(z.string()),
        targets: z.optional(
          z.array(z.union([z.string().check(z.minLength(1)), scenarioTargetSchema])).check(
            z.minLength(1, "name at least one defender"),
            z.describe("The defenders this event hits (names from `defenders`, or `{ name, multiplier, parts }` for a target's share); default: every defender. One event, resolved per target (002 rule 16)."),
          ),
        ),
      })
      .check(z.describe("Resolve one damage event.")),
    z.strictObject({ newRound: z.literal(true) }).check(z.describe("A new round starts: Damage Limit and shell immunity reset (000).")),
    z.strictObject({ advance: seconds }).check(z.describe("Game time moves on by this many seconds.")),
    z.strictObject({ endTurn: z.literal(true) }).check(z.describe("End phase: ally temporary damage is removed (002).")),
    z.strictObject({ endEncounter: z.literal(true) }).check(z.describe("The encounter ends: Variable Resistance ends (001).")),
    z.strictObject({ rest: z.enum(["long", "short"]) }).check(z.describe("Every defender rests: endurance uses that recharge on this rest come back (dnd5e's long rest, pf2e's rest for the night).")),
  ],
  { error: keyed("DAMAGECHAIN.Validation.ScenarioStep") },
);

/**
 * A scenario file.
 * - `profile`: a built-in id (`layered-armor`, `revised-4e`, `card-game`,
 *   `tags-and-guard`, `armor-pools`) or a whole profile object;
 * - `seed`: seed of the one random source used for every hit (default 1);
 * - `time`: game time in seconds when the scenario starts (default 0);
 * - `defender`: defenses, resources and state of the one defender, or
 * - `defenders`: several defenders by name (exactly one of the two);
 * - `events`: the steps, in order.
 */
export const scenarioSchema = z
  .strictObject({
    $schema: z.optional(z.string()).check(z.describe("Optional link to this JSON Schema, for editors.")),
    profile: z.union([builtInProfileSchema, profileSchema], {
      error: keyed("DAMAGECHAIN.Validation.ScenarioProfile", { ids: BUILT_IN_IDS.join(", ") }),
    }),
    seed: z._default(z.number().check(z.int()), 1),
    time: z._default(seconds, 0),
    defender: z.optional(defenderSchema).check(z.describe("The one defender (or use `defenders`).")),
    defenders: z.optional(z.record(z.string().check(z.minLength(1)), defenderSchema)).check(z.describe("Several defenders by name (or use `defender`).")),
    events: z.array(scenarioStepSchema).check(z.minLength(1)),
  })
  .check(
    z.superRefine((s, ctx) => {
      if ((s.defender === undefined) === (s.defenders === undefined)) ctx.addIssue({ code: "custom", path: ["defenders"], ...rule("DAMAGECHAIN.Validation.ScenarioDefenders") });
      else if (s.defenders !== undefined && Object.keys(s.defenders).length === 0) ctx.addIssue({ code: "custom", path: ["defenders"], ...rule("DAMAGECHAIN.Validation.ScenarioNoDefender") });
      const names = Object.keys(s.defenders ?? { [ONE]: null });
      s.events.forEach((step, i) => {
        if (!("hit" in step)) return;
        step.targets?.forEach((entry, j) => {
          const name = nameOf(entry);
          if (!names.includes(name)) ctx.addIssue({ code: "custom", path: ["events", i, "targets", j], ...rule("DAMAGECHAIN.Validation.ScenarioTarget", { name, names: names.join(", ") }) });
        });
      });
    }),
    z.describe("A Damage Chain scenario: one or several defenders, one profile, a sequence of hits."),
  );

export type ScenarioStep = z.output<typeof scenarioStepSchema>;
export type Scenario = z.output<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;

/** The outcome of one `hit` step on one target. */
export interface HitOutcome {
  /** Index of the step in `events`. */
  step: number;
  /** The defender hit: its name in `defenders`, or `defender` ({@link ONE}). */
  target: string;
  /** Position of this target among the event's targets, from 1. */
  targetIndex: number;
  /** How many targets the event hit (one event, resolved per target). */
  targetCount: number;
  /** The step's `label`, else the event's `label`, else `Hit <n>` (n counts hits from 1). */
  label: string;
  /** Round number, from 1; each `newRound` step adds one. */
  round: number;
  /** Game time in seconds when the hit was resolved. */
  time: number;
  /** This target's share of the event when not all of it (`share.ts`); `event` is then the share it took. */
  share?: Share;
  /** The event as validated (defaults filled in). */
  event: DamageEvent;
  result: ResolveResult;
}

/** Everything a scenario produced. */
export interface ScenarioResult {
  profile: Profile;
  hits: HitOutcome[];
  /** Every defender by name after the last step (resources and state carried through every hit). */
  defenders: Record<string, Defender>;
  /** The first defender after the last step: the one of a one-defender scenario. */
  defender: Defender;
  /** Game time in seconds after the last step. */
  time: number;
}

/**
 * Run a validated scenario: one {@link seededRandom}(`seed`) source for the
 * whole sequence; each hit sees the resources and state the previous hit left
 * on its target; a hit with several targets resolves the same event per
 * target, in the order named; `onHit` (optional) gets each outcome as soon as
 * it is resolved (the CLI streams with it); lifecycle steps apply to every
 * defender;
 * `newRound` / `endTurn` / `endEncounter` apply the lifecycle functions of
 * `lifecycle.ts`; `advance` moves `now` (game seconds). Pure; never throws for
 * a scenario that passed {@link parseScenario}.
 */
export function runScenario(scenario: Scenario, onHit?: (hit: HitOutcome) => void): ScenarioResult {
  const random = seededRandom(scenario.seed);
  const profile = scenario.profile;
  const defenders: Record<string, Defender> = { ...(scenario.defenders ?? { [ONE]: scenario.defender as Defender }) };
  const names = Object.keys(defenders);
  const each = (f: (d: Defender) => Defender) => {
    for (const name of names) defenders[name] = f(defenders[name]!);
  };
  let now = scenario.time;
  let round = 1;
  let count = 0;
  const hits: HitOutcome[] = [];
  scenario.events.forEach((step, index) => {
    if ("hit" in step) {
      count += 1;
      const label = step.label ?? step.hit.label ?? `Hit ${count}`;
      const targets = step.targets ?? names;
      for (const [i, entry] of targets.entries()) {
        const target = nameOf(entry);
        const defender = defenders[target]!;
        const share = typeof entry === "string" ? undefined : shareSchema.parse({ multiplier: entry.multiplier ?? 1, ...(entry.parts === undefined ? {} : { parts: entry.parts }) });
        const event = shareEvent(step.hit, share);
        const result = resolve({ event, defender, profile, random, now });
        defenders[target] = { ...defender, resources: result.resources, state: result.state };
        const hit: HitOutcome = { step: index, target, targetIndex: i + 1, targetCount: targets.length, label, round, time: now, event, result, ...(share === undefined || isFullShare(share) ? {} : { share }) };
        hits.push(hit);
        onHit?.(hit);
      }
    } else if ("newRound" in step) {
      each((d) => ({ ...d, state: startRound(d.state) }));
      round += 1;
    } else if ("advance" in step) {
      now += step.advance;
    } else if ("endTurn" in step) {
      each((d) => ({ ...d, state: endTurn(d.state) }));
    } else if ("rest" in step) {
      each((d) => ({ ...d, state: rest(d.state, d.defenses, step.rest) }));
    } else {
      each((d) => ({ ...d, state: endEncounter(d.state) }));
    }
  });
  return { profile, hits, defenders, defender: defenders[names[0]!]!, time: now };
}

/**
 * Validate scenario data (already parsed from JSON or YAML). Problems name the
 * field path from the file's root, e.g.
 * `defender.defenses.resistances[0].limit: must be a whole number`. Where a
 * field may take several shapes (a step, the profile), the problems of the
 * shape the input was evidently meant to be are reported. Never throws.
 */
export function parseScenario(input: unknown): Parsed<Scenario> {
  const r = scenarioSchema.safeParse(input);
  if (r.success) return { ok: true, value: r.data };
  const problems: InputProblem[] = [];
  for (const issue of r.error.issues) collectProblems(issue, [], problems);
  return { ok: false, problems };
}

/** The parts of a zod issue this module reads (nested union branches are not finalized). */
interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
  errors?: IssueLike[][];
}

/**
 * Flatten one zod issue into problems:
 * - an unknown key becomes `path.key: unknown field`;
 * - a failed union reports the one branch whose issues are all below the
 *   union's own level (the input matched that shape's keys), else the
 *   union's own message.
 */
function collectProblems(issue: IssueLike, prefix: PropertyKey[], out: InputProblem[]): void {
  const path = [...prefix, ...issue.path];
  if (issue.code === "unrecognized_keys" && issue.keys) {
    for (const key of issue.keys) out.push({ path: formatPath("", [...path, key]), message: say(VALIDATION_KEYS.unknownField) });
    return;
  }
  if (issue.code === "invalid_union" && issue.errors) {
    const fitting = issue.errors.filter((branch) => branch.length > 0 && branch.every((i) => i.path.length > 0));
    if (fitting.length === 1) {
      for (const inner of fitting[0]!) collectProblems(inner, path, out);
      return;
    }
  }
  out.push({ path: formatPath("", path), message: issue.message });
}

/**
 * The scenario format as JSON Schema (draft 2020-12), describing the input
 * side (defaults optional). `scripts/write-schema.ts` writes it to
 * `schema/scenario.schema.json`; a test checks that file is current.
 */
export function scenarioJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(scenarioSchema, { io: "input", target: "draft-2020-12" }),
    title: "Damage Chain scenario",
  };
}
