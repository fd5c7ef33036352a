/**
 * The Defenses tab's behaviour in the page: add, remove and reorder rows,
 * inline validation while typing, the live preview, creature templates,
 * state resets and saving. DOM only: everything that needs Foundry (render a
 * template, validate against the active profile, run the preview, write the
 * actor) is a callback of {@link TabHost}, so the browser test mounts the
 * same controller on a plain page.
 *
 * The tab lives inside the actor sheet's own form: its inputs carry no
 * `name`, its `change` events stop at the tab, Enter does not submit and its
 * buttons are `type="button"` with `data-dc-action` (not the sheet's
 * `data-action`), so editing never triggers the sheet's submit-on-change.
 */
import { applyTemplate, removeTemplate, type RoleDefenseName } from "../../core/templates.ts";
import type { DefenderState } from "../../core/model/defender.ts";
import type { Defenses } from "../../core/model/defenses.ts";
import { addResource, addRow, isStateReset, moveRow, removeResource, removeRow, resetState, withDefenses, type DefenderDraft } from "./draft.ts";
import { readDraft, readPreview, readTemplateForm, showProblems } from "./form.ts";
import { enhanceMultiSelects, removeByKey } from "./multi-select.ts";
import type { PreviewInput, PreviewView } from "./preview.ts";
import type { Problem, Validation } from "./validate.ts";
import { DEFAULT_TEMPLATE_FORM, type TemplateForm } from "./template-panel.ts";

/** What the tab remembers besides the draft (kept across re-renders). */
export interface UiState {
  preview: PreviewInput;
  templateForm: TemplateForm;
  dirty: boolean;
  /** The preview box is unfolded (it starts folded, kept across re-renders). */
  previewOpen: boolean;
  /** Status line: a lang-free message already localized by the host. */
  status: string;
}

export const DEFAULT_PREVIEW: PreviewInput = { amount: "10", types: "fire", traits: [], level: "", tags: "" };

/** Everything the controller needs from outside. */
export interface TabHost {
  editable: boolean;
  /** HTML of the whole tab for this draft and UI state. */
  render(draft: DefenderDraft, ui: UiState): Promise<string> | string;
  /** HTML of the preview result. */
  renderPreview(view: PreviewView): Promise<string> | string;
  validate(draft: DefenderDraft): Validation;
  preview(draft: DefenderDraft, input: PreviewInput): PreviewView;
  /** Persist defenses, resources and traits; resolves to the problems found (empty = saved). */
  save(draft: DefenderDraft): Promise<Problem[]>;
  /** Persist the state after a reset. */
  saveState(state: DefenderState): Promise<void>;
  /** The actor's data as stored now, to discard unsaved edits. */
  reload(): DefenderDraft;
  /** Localized status texts. */
  text(key: "saved" | "fixErrors" | "templateFailed", detail?: string): string;
  /** Open this actor's damage history; absent for users who may not see it. */
  openHistory?: (() => void) | undefined;
  /** Open the game system's own editor `id` of the actor's traits (`SystemData.openTraitEditor`); `from`: the button. Absent: no such editors. */
  openSystemEditor?: ((id: string, from: HTMLElement) => void) | undefined;
  /** The draft with the ready-made defense `id` (a recipe of the "Add defense" menu) added; absent while there are no recipes. */
  addRecipe?: ((draft: DefenderDraft, id: string) => DefenderDraft) | undefined;
  /** The defenses with the game system's own traits imported (tagged, replacing an earlier import); absent when the system has no importer. */
  importSystem?: ((defenses: Defenses) => Defenses) | undefined;
  /** Called after every change, so the host can keep an unsaved draft across sheet re-renders. */
  onChange?(draft: DefenderDraft, ui: UiState): void;
}

/** A mounted tab. */
export interface TabController {
  readonly draft: DefenderDraft;
  readonly ui: UiState;
  /** Resolves when the latest render, validation and preview are done (tests wait on it). */
  settled(): Promise<void>;
  destroy(): void;
}

/** Mount the tab into `root` (replacing its content) and wire its behaviour. */
export function mountDefensesTab(root: HTMLElement, host: TabHost, draft: DefenderDraft, ui?: Partial<UiState>): TabController {
  let state: { draft: DefenderDraft; ui: UiState } = {
    draft,
    ui: { preview: DEFAULT_PREVIEW, templateForm: DEFAULT_TEMPLATE_FORM, dirty: false, previewOpen: false, status: "", ...ui },
  };
  let pending: Promise<void> = Promise.resolve();
  let previewSeq = 0;
  /** Set by destroy(): queued renders of a replaced tab must not write into the panel any more. */
  let destroyed = false;

  const changed = () => host.onChange?.(state.draft, state.ui);
  const queue = (job: () => Promise<void> | void) => (pending = pending.then(job).catch((err: unknown) => setStatus(String(err instanceof Error ? err.message : err))));
  const setStatus = (text: string) => {
    state.ui = { ...state.ui, status: text };
    const el = root.querySelector<HTMLElement>("[data-status]");
    if (el) el.textContent = text;
  };

  const validate = (): Validation => {
    const v = host.validate(state.draft);
    showProblems(root, v.problems);
    return v;
  };
  const refreshPreview = async () => {
    if (!host.editable) return;
    const seq = ++previewSeq;
    const html = await host.renderPreview(host.preview(state.draft, state.ui.preview));
    const out = root.querySelector<HTMLElement>("[data-preview-result]");
    if (out && seq === previewSeq && !destroyed) out.innerHTML = html;
  };
  const rerender = async () => {
    const html = await host.render(state.draft, state.ui);
    if (destroyed) return;
    root.innerHTML = html;
    enhanceMultiSelects(root);
    const status = root.querySelector<HTMLElement>("[data-status]");
    if (status) status.textContent = state.ui.status;
    validate();
    await refreshPreview();
  };
  /** Put the focus back after a re-render on the first of `selectors` that exists and is enabled (never lost to `<body>`). */
  const refocus = (selectors: readonly string[]) => {
    for (const sel of selectors) {
      const el = root.querySelector<HTMLElement>(sel);
      if (el && !(el as HTMLButtonElement).disabled) {
        el.focus();
        return;
      }
    }
  };
  const update = (draft: DefenderDraft, dirty = true, focus: readonly string[] = []) => {
    state = { draft, ui: { ...state.ui, dirty: state.ui.dirty || dirty, status: "" } };
    changed();
    queue(async () => {
      await rerender();
      refocus(focus);
    });
  };
  /** Where the focus goes after an edit of row `i` of `list`: that row's (or its neighbour's) `action` button, else its first field, else the section's Add. */
  const rowFocus = (list: string, i: number, action: string): string[] => {
    const row = (n: number) => `[data-row][data-list="${list}"][data-index="${n}"]`;
    return [`${row(i)} [data-dc-action="${action}"]`, `${row(i)} [data-dc-action="${action === "up" ? "down" : "up"}"]`, `${row(i)} [data-field]`, `${row(i - 1)} [data-dc-action="${action}"]`, `${row(i - 1)} [data-field]`, `[data-section="${list}"] [data-dc-action="add"]`];
  };

  const onInput = (event: Event) => {
    const target = event.target as HTMLElement;
    if (event.type === "change") event.stopPropagation();
    if (!host.editable) return;
    // A <multi-select> redraws its chosen values right after its change event: name them once it has.
    if (target.matches("multi-select")) queueMicrotask(() => enhanceMultiSelects(target.parentElement ?? root));
    if (target.closest("[data-preview]")) {
      state.ui = { ...state.ui, preview: readPreview(root) };
      changed();
      queue(refreshPreview);
    } else if (target.closest("[data-template-form]")) {
      state.ui = { ...state.ui, templateForm: readTemplateForm(root, state.ui.templateForm) };
      changed();
    } else if (target.closest("[data-field], [data-keyword], [data-resource-field], [data-traits]")) {
      state = { draft: readDraft(root, state.draft), ui: { ...state.ui, dirty: true } };
      root.querySelector("[data-dirty]")?.removeAttribute("hidden");
      changed();
      validate();
      queue(refreshPreview);
    }
  };
  /** `toggle` does not bubble: listened for while capturing. Remembers whether the preview is unfolded. */
  const onToggle = (event: Event) => {
    const details = event.target as HTMLElement;
    if (!details.matches("details[data-preview]")) return;
    const open = (details as HTMLDetailsElement).open;
    if (open === state.ui.previewOpen) return;
    state.ui = { ...state.ui, previewOpen: open };
    changed();
  };
  const onKey = (event: KeyboardEvent) => {
    if (removeByKey(event)) return;
    if (event.key === "Enter" && (event.target as HTMLElement).matches("input")) event.preventDefault();
  };

  const applyChosenTemplate = () => {
    const v = validate();
    if (!v.defenses) return setStatus(host.text("fixErrors"));
    const f = state.ui.templateForm;
    const variation = f.plus && f.minus ? { plus: f.plus as RoleDefenseName, minus: f.minus as RoleDefenseName } : undefined;
    try {
      const defenses = applyTemplate(v.defenses, f.id, { limits: f.limits ? { level: Number(f.level) } : undefined, variation });
      void save(withDefenses(state.draft, defenses));
    } catch (err) {
      setStatus(host.text("templateFailed", err instanceof Error ? err.message : String(err)));
    }
  };
  const importSystemTraits = () => {
    const v = validate();
    if (!v.defenses) return setStatus(host.text("fixErrors"));
    if (host.importSystem !== undefined) void save(withDefenses(state.draft, host.importSystem(v.defenses)));
  };
  const removeChosenTemplate = (id: string) => {
    const v = validate();
    if (!v.defenses) return setStatus(host.text("fixErrors"));
    void save(withDefenses(state.draft, removeTemplate(v.defenses, id)));
  };
  const save = (draft: DefenderDraft) =>
    queue(async () => {
      state = { draft, ui: state.ui };
      const v = host.validate(draft);
      if (v.problems.some((p) => p.level === "error")) {
        await rerender();
        return setStatus(host.text("fixErrors"));
      }
      const problems = await host.save(draft);
      state.ui = { ...state.ui, dirty: problems.length > 0, status: problems.length > 0 ? host.text("fixErrors") : host.text("saved") };
      changed();
      await rerender();
      if (problems.length > 0) showProblems(root, problems);
    });
  const reset = (what: string, id: string) => {
    if (!isStateReset(what)) return;
    const next = resetState(state.draft.state, what, id);
    queue(async () => {
      await host.saveState(next);
      state = { draft: { ...state.draft, state: next }, ui: state.ui };
      changed();
      await rerender();
      // The reset button is disabled now: the focus goes to its line, which is made focusable for it.
      const line = root.querySelector<HTMLElement>(`[data-state="${what === "condition" ? "conditions" : what}"]${id !== "" && what !== "condition" ? `[data-id="${id}"]` : ""}`) ?? root.querySelector<HTMLElement>('[data-section="state"]');
      if (line) {
        line.tabIndex = -1;
        line.focus();
      }
    });
  };

  const onClick = (event: MouseEvent) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>("[data-dc-action]");
    if (!button || !root.contains(button) || !host.editable) return;
    event.preventDefault();
    event.stopPropagation();
    const { dcAction, index = "-1", id = "", reset: what = "" } = button.dataset;
    let list = button.dataset.list ?? "";
    const i = Number(index);
    const d = state.draft;
    switch (dcAction) {
      case "addList":
      case "add": {
        let kind = button.dataset.kind ?? "";
        if (dcAction === "addList") {
          const option = root.querySelector<HTMLSelectElement>("[data-add-list]")?.selectedOptions[0];
          list = option?.value ?? "";
          kind = option?.dataset.kind ?? "";
        }
        if (list.startsWith("recipe:")) return host.addRecipe === undefined ? undefined : update(host.addRecipe(d, list.slice("recipe:".length)));
        if (list.startsWith("resource:")) return update(addResource(d, list.slice("resource:".length)), true, ['[data-resource]:last-of-type [data-resource-field="value"]']);
        if (list === "") return;
        const next = addRow(d, list, kind);
        const last = (next.lists as Record<string, unknown[] | undefined>)[list]?.length ?? 1;
        return update(next, true, [`[data-row][data-list="${list}"][data-index="${last - 1}"] [data-field]`]);
      }
      case "remove": return update(removeRow(d, list, i), true, rowFocus(list, i, "remove"));
      case "up": return update(moveRow(d, list, i, -1), true, rowFocus(list, i - 1, "up"));
      case "down": return update(moveRow(d, list, i, 1), true, rowFocus(list, i + 1, "down"));
      case "addResource": return update(addResource(d), true, ["[data-resource]:last-of-type [data-resource-field]"]);
      case "removeResource": return update(removeResource(d, i), true, [`[data-resource][data-index="${i}"] [data-dc-action="removeResource"]`, `[data-resource][data-index="${i - 1}"] [data-dc-action="removeResource"]`, '[data-dc-action="addResource"]']);
      case "applyTemplate": return applyChosenTemplate();
      case "removeTemplate": return removeChosenTemplate(id);
      case "importSystem": return importSystemTraits();
      case "systemEditor": return host.openSystemEditor?.(id, button);
      case "history": return host.openHistory?.();
      case "save": return void save(state.draft);
      case "discard":
        state = { draft: host.reload(), ui: { ...state.ui, dirty: false, status: "" } };
        changed();
        return void queue(rerender);
      case "reset": return reset(what, id);
    }
  };

  root.addEventListener("input", onInput);
  root.addEventListener("change", onInput);
  root.addEventListener("keydown", onKey);
  root.addEventListener("click", onClick);
  root.addEventListener("toggle", onToggle, true);
  queue(rerender);

  return {
    get draft() {
      return state.draft;
    },
    get ui() {
      return state.ui;
    },
    settled: async () => {
      let seen: Promise<void>;
      do {
        seen = pending;
        await seen;
      } while (seen !== pending);
    },
    destroy() {
      destroyed = true;
      root.removeEventListener("input", onInput);
      root.removeEventListener("change", onInput);
      root.removeEventListener("keydown", onKey);
      root.removeEventListener("click", onClick);
      root.removeEventListener("toggle", onToggle, true);
    },
  };
}
