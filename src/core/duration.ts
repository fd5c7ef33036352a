/**
 * Durations in game seconds as a GM types and reads them: "2w", "14d",
 * "1h 30m", for a damage shell's cooldown (000 "Damage Shell":
 * "two weeks, or a listed amount of time"). Pure; the unit letters are
 * passed in, so each language has its own.
 */

/** The units, largest first, and their length in game seconds. */
export const DURATION_UNITS = [
  ["w", 604_800],
  ["d", 86_400],
  ["h", 3_600],
  ["m", 60],
  ["s", 1],
] as const;

/** A duration unit id (`w` week, `d` day, `h` hour, `m` minute, `s` second). */
export type DurationUnit = (typeof DURATION_UNITS)[number][0];

/** The letters a language writes for each unit (`{ w: "w", d: "d", … }`; German `{ w: "W", d: "T", h: "Std", … }`). */
export type UnitLetters = Readonly<Record<DurationUnit, string>>;

/** The English letters: always understood when reading, whatever the language. */
export const ENGLISH_UNITS: UnitLetters = { w: "w", d: "d", h: "h", m: "m", s: "s" };

/**
 * `seconds` (a whole number >= 0) as its largest units, each non-zero one
 * once: 1,209,600 → "2w", 1,296,000 → "2w 1d", 5,400 → "1h 30m", 0 → "0s".
 * Never throws; a negative or fractional input is floored at 0 first.
 */
export function formatDuration(seconds: number, letters: UnitLetters): string {
  let left = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const parts: string[] = [];
  for (const [unit, size] of DURATION_UNITS) {
    const n = Math.floor(left / size);
    if (n === 0) continue;
    parts.push(`${n}${letters[unit]}`);
    left -= n * size;
  }
  return parts.length > 0 ? parts.join(" ") : `0${letters.s}`;
}

/**
 * The game seconds a typed duration means: a plain whole number is seconds
 * ("90"); otherwise one or more `<number><unit>` groups, spaces optional, in
 * `letters` or in English, case-insensitive ("2w", "1h 30m", "1d12h").
 * Returns `undefined` for anything else (the caller keeps the text so the GM
 * sees what they typed, with the schema's message).
 */
export function parseDuration(text: string, letters: UnitLetters = ENGLISH_UNITS): number | undefined {
  const s = text.trim().toLowerCase();
  if (/^\d+$/.test(s)) return Number(s);
  const sizes = new Map<string, number>();
  for (const [unit, size] of DURATION_UNITS) {
    sizes.set(ENGLISH_UNITS[unit], size);
    sizes.set(letters[unit].toLowerCase().replace(/\.$/, ""), size);
  }
  const names = [...sizes.keys()].sort((a, b) => b.length - a.length).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const group = new RegExp(`(\\d+)\\s*(${names.join("|")})\\.?`, "y");
  let total = 0;
  let at = 0;
  let groups = 0;
  while (at < s.length) {
    while (s[at] === " ") at++;
    if (at >= s.length) break;
    group.lastIndex = at;
    const m = group.exec(s);
    if (m === null) return undefined;
    total += Number(m[1]) * sizes.get(m[2]!)!;
    at = group.lastIndex;
    groups++;
  }
  return groups > 0 && Number.isSafeInteger(total) ? total : undefined;
}
