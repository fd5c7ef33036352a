/**
 * `Roll` of the Foundry test double (see `README.md` here): only what the
 * Apply Damage dialog uses (Foundry v13 `client/dice/roll.mjs`):
 * `Roll.validate(formula)`, `new Roll(formula).evaluate()` (async) and
 * `total`. Formulas are sums of `NdM` dice and whole numbers ("2d6+3",
 * "1d8 - 1"); dice roll with `CONFIG.Dice.randomUniform`, as Foundry's do.
 */
const TERM = /^\s*([+-])?\s*(?:(\d+)d(\d+)|(\d+))\s*/;

/** The signed terms of `formula`, or undefined when it is not a sum of dice and numbers. */
function terms(formula: string): { sign: number; count: number; faces: number; value: number }[] | undefined {
  const out: { sign: number; count: number; faces: number; value: number }[] = [];
  let rest = formula;
  while (rest.trim() !== "") {
    const m = TERM.exec(rest);
    if (m === null || (out.length > 0 && m[1] === undefined)) return undefined;
    out.push({ sign: m[1] === "-" ? -1 : 1, count: Number(m[2] ?? 0), faces: Number(m[3] ?? 0), value: Number(m[4] ?? 0) });
    rest = rest.slice(m[0].length);
  }
  return out.length > 0 ? out : undefined;
}

export class RollDouble {
  #total: number | undefined;
  constructor(readonly formula: string) {}
  /** `Roll.validate`: can this formula be rolled? */
  static validate(formula: string): boolean {
    return terms(formula) !== undefined;
  }
  /** `Roll#evaluate`: roll every die once. Throws, as Foundry does, for a formula that cannot be rolled. */
  async evaluate(): Promise<this> {
    const list = terms(this.formula);
    if (list === undefined) throw new Error(`Unresolved StringTerm ${this.formula} requested for evaluation`);
    const uniform = (globalThis as unknown as { CONFIG: { Dice: { randomUniform(): number } } }).CONFIG.Dice.randomUniform;
    let total = 0;
    for (const t of list) {
      let v = t.value;
      for (let i = 0; i < t.count; i++) v += 1 + Math.floor(uniform() * t.faces);
      total += t.sign * v;
    }
    this.#total = total;
    return this;
  }
  get total(): number | undefined {
    return this.#total;
  }
}
