/**
 * Reading the Defenses tab's DOM back into data, and writing validation
 * messages into it. DOM only (no Foundry): the elements are the ones
 * `templates/defenses-tab.hbs` renders, found by their `data-*` attributes.
 */
import { ENGLISH_UNITS, parseDuration } from "../../core/duration.ts";
import type { DefenderDraft, Entry, ResourceRow } from "./draft.ts";
import { SECTIONS, type ListKey } from "./fields.ts";
import type { PreviewInput } from "./preview.ts";
import type { Problem } from "./validate.ts";
import type { TemplateForm } from "./template-panel.ts";

type Input = HTMLInputElement | HTMLSelectElement;

/**
 * A typed number as data: empty = absent, a decimal number = that number
 * (the schema then refuses fractions and negatives by name), anything else
 * stays the text typed so the message can point at it and nothing is lost.
 */
export function readNumber(text: string): number | string | undefined {
  const s = text.trim();
  if (s === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
}

/**
 * A typed duration as game seconds ("2w", "1h 30m", plain seconds; in the
 * letters `units` lists, "w d h m s" order, or English): empty = absent,
 * anything unreadable stays the text typed, like {@link readNumber}.
 */
export function readDuration(text: string, units: string): number | string | undefined {
  const s = text.trim();
  if (s === "") return undefined;
  const [w, d, h, m, sec] = units.split(" ");
  const letters = w && d && h && m && sec ? { w, d, h, m, s: sec } : ENGLISH_UNITS;
  return parseDuration(s, letters) ?? s;
}

/** Comma-separated words, trimmed; empties dropped. */
export function readList(text: string): string[] {
  return text.split(",").map((w) => w.trim()).filter((w) => w !== "");
}

function fieldValue(el: Input): unknown {
  const kind = el.dataset.kind;
  if (kind === "bool") return (el as HTMLInputElement).checked ? true : undefined;
  if (kind === "number") return readNumber(el.value);
  if (kind === "duration") return readDuration(el.value, el.dataset.units ?? "");
  if (kind === "list") {
    const items = readList(el.value);
    return items.length > 0 ? items : undefined;
  }
  if (kind === "select" && el.dataset.numeric === "true") return el.value === "" ? undefined : Number(el.value);
  const v = el.value.trim();
  return v === "" ? undefined : v;
}

/**
 * The values chosen in Foundry's `<multi-select>` (`HTMLMultiSelectElement`,
 * whose `value` is an array, in the order they were picked), in the order of
 * its options, so the same choice always reads as the same list; a chosen
 * value no option lists comes last. An element Foundry has not upgraded (no
 * array `value`: the element is not defined on the page) reads as its
 * `<option selected>` children, as rendered, so saving never drops stored values.
 */
export function chosenValues(el: Element): string[] {
  const value: unknown = (el as unknown as { value?: unknown }).value;
  const options = [...el.querySelectorAll("option")];
  if (!Array.isArray(value)) return options.filter((o) => o.hasAttribute("selected")).map((o) => o.value);
  const chosen = new Set(value.map(String));
  const order = options.map((o) => o.value).filter((v) => chosen.has(v));
  return [...order, ...[...chosen].filter((v) => !order.includes(v))];
}

/** One row's entry from its fields; its template tag is kept from the row. */
function readRow(row: HTMLElement): Entry {
  const entry: Entry = {};
  for (const el of row.querySelectorAll<Input>("[data-field]")) {
    const key = el.dataset.field ?? "";
    if (el.dataset.kind === "choices") {
      // Foundry's <multi-select>: the chosen values make the list (none chosen: absent).
      const chosen = chosenValues(el);
      if (chosen.length > 0) entry[key] = chosen;
      continue;
    }
    const v = fieldValue(el);
    if (v !== undefined) entry[key] = v;
  }
  if (row.dataset.template) entry.template = row.dataset.template;
  return entry;
}

/** The draft as the form shows it now. `state` and `name` come from `prev` (they are not typed into). */
export function readDraft(root: HTMLElement, prev: DefenderDraft): DefenderDraft {
  const lists = {} as Record<ListKey, Entry[]>;
  for (const s of SECTIONS) lists[s.list] = [];
  for (const row of root.querySelectorAll<HTMLElement>("[data-row]")) {
    const list = row.dataset.list as ListKey;
    if (list in lists) lists[list].push(readRow(row));
  }
  const keywords = [...root.querySelectorAll<HTMLInputElement>("[data-keyword]")].filter((c) => c.checked).map((c) => c.dataset.keyword ?? "");
  const resources: ResourceRow[] = [...root.querySelectorAll<HTMLElement>("[data-resource]")].map((row) => {
    const kept = prev.resources[Number(row.dataset.index)];
    if (kept?.mapped !== undefined) return kept; // owned by the game system: shown, not typed into
    const get = (f: string) => row.querySelector<HTMLInputElement>(`[data-resource-field="${f}"]`)?.value ?? "";
    return { key: get("key").trim(), value: readNumber(get("value")) ?? "", max: readNumber(get("max")) };
  });
  const traitsInput = root.querySelector<HTMLInputElement>("[data-traits]");
  const traits = traitsInput ? readList(traitsInput.value.toLowerCase()) : prev.traits;
  return { ...prev, lists, keywords, resources, traits };
}

/** The preview's inputs. */
export function readPreview(root: HTMLElement): PreviewInput {
  const get = (f: string) => root.querySelector<HTMLInputElement>(`[data-preview-field="${f}"]`)?.value ?? "";
  const traits = [...root.querySelectorAll<HTMLInputElement>("[data-preview-trait]")].filter((c) => c.checked).map((c) => c.dataset.previewTrait ?? "");
  const picker = root.querySelector("[data-preview-types]");
  const types = picker ? chosenValues(picker) : [];
  return { amount: get("amount"), types: types.join(", "), traits, level: get("level"), tags: get("tags") };
}

/** The creature-template form. */
export function readTemplateForm(root: HTMLElement, prev: TemplateForm): TemplateForm {
  const get = (f: string) => root.querySelector<Input>(`[data-template-field="${f}"]`);
  const limits = get("limits") as HTMLInputElement | null;
  return {
    id: get("id")?.value ?? prev.id,
    limits: limits ? limits.checked : prev.limits,
    level: get("level")?.value ?? prev.level,
    plus: get("plus")?.value ?? prev.plus,
    minus: get("minus")?.value ?? prev.minus,
  };
}

/** The parent path: `a.b[2].c` -> `a.b[2]` -> `a.b` -> `a` -> "". */
export function parentPath(path: string): string {
  const m = /^(.*)(\.[^.[\]]+|\[\d+\])$/.exec(path);
  return m ? (m[1] ?? "") : "";
}

/**
 * Show `problems` next to the elements they name: the element whose
 * `data-path` is the problem's path (or the nearest parent path that has
 * one) is marked, and the message goes into its `[data-problems]` slot.
 * Problems that match nothing go to the tab's summary slot.
 */
export function showProblems(root: HTMLElement, problems: readonly Problem[]): void {
  for (const el of root.querySelectorAll<HTMLElement>("[data-problems]")) el.replaceChildren();
  for (const el of root.querySelectorAll<HTMLElement>(".damage-chain-invalid, .damage-chain-warned")) el.classList.remove("damage-chain-invalid", "damage-chain-warned");
  for (const el of root.querySelectorAll<HTMLElement>("[aria-invalid]")) el.removeAttribute("aria-invalid");
  const byPath = new Map<string, HTMLElement>();
  for (const el of root.querySelectorAll<HTMLElement>("[data-path]")) byPath.set(el.dataset.path ?? "", el);
  const summary = root.querySelector<HTMLElement>("[data-problem-summary]");
  for (const p of problems) {
    let path = p.path;
    while (path !== "" && !byPath.has(path)) path = parentPath(path);
    const target = byPath.get(path);
    const slot = target?.querySelector<HTMLElement>(":scope > [data-problems]") ?? summary;
    if (target) {
      target.classList.add(p.level === "error" ? "damage-chain-invalid" : "damage-chain-warned");
      if (p.level === "error" && target.matches(".damage-chain-field")) target.querySelector("[data-field], [data-resource-field]")?.setAttribute("aria-invalid", "true");
    }
    if (!slot) continue;
    const msg = slot.ownerDocument.createElement("span");
    msg.className = `damage-chain-message damage-chain-message--${p.level}`;
    msg.textContent = target ? p.message : `${p.path}: ${p.message}`;
    slot.append(msg);
  }
}
