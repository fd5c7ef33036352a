/**
 * The custom-profile editor: a settings-menu ApplicationV2 where
 * the GM adds profiles (a copy of a built-in or of another custom profile),
 * orders, enables and configures their steps, and saves them to the world
 * setting `customProfiles`. Nothing is saved unless every profile is valid;
 * problems are listed by field. The class is built on first use.
 */
import { fieldName } from "../../core/field-name.ts";
import { localizer } from "../localizer.ts";
import { STEP_IDS } from "../../core/model/profile.ts";
import { stepLoaded } from "../../core/chain.ts";
import { SEED_PROFILES, SYSTEM_PROFILE_IDS } from "../../core/profile-registry.ts";
import type { InputProblem } from "../../core/validate.ts";
import { TEMPLATES } from "../constants.ts";
import { profiles } from "../settings/profiles.ts";
import { setSetting, setting } from "../settings/settings.ts";
import { addStep, copyChoices, copyOf, exportJson, freeId, fromDrafts, importJson, moveStep, profileFields, readForm, removeStep, stepFields, toDraft, type DraftProfile } from "./profile-draft.ts";

/** The editor's state, shared by its actions. */
interface EditorState {
  drafts: DraftProfile[];
  selected: number;
  problems: InputProblem[];
  element: HTMLElement;
  render(options?: object): unknown;
}

/** Every built-in id, each game system's too (a GM's profile may take none: it would clash in that system's worlds). */
const BUILT_IN_IDS = new Set([...SEED_PROFILES.map((p) => p.id), ...SYSTEM_PROFILE_IDS]);

function storedDrafts(): DraftProfile[] {
  const out: DraftProfile[] = [];
  for (const raw of setting("customProfiles")) {
    const p = raw as Parameters<typeof toDraft>[0];
    if (typeof p?.id === "string" && Array.isArray(p.steps)) out.push(toDraft(p));
  }
  return out;
}

const index = (target: HTMLElement): number => Number(target.closest<HTMLElement>("[data-index]")?.dataset.index ?? -1);

const actions = {
  select(this: EditorState, _e: Event, target: HTMLElement) {
    this.selected = index(target);
    void this.render();
  },
  create(this: EditorState) {
    const from = this.element.querySelector<HTMLSelectElement>("[name='copyFrom']")?.value ?? "";
    const source = profiles.get(from) ?? SEED_PROFILES[0]!;
    const taken = new Set([...profiles.list().map((p) => p.id), ...this.drafts.map((d) => d.id)]);
    const id = freeId(taken);
    this.drafts.push(copyOf(source, id, localizer()));
    this.selected = this.drafts.length - 1;
    void this.render();
  },
  async remove(this: EditorState) {
    const draft = this.drafts[this.selected];
    if (draft === undefined) return;
    const ok = await foundry.applications.api.DialogV2.confirm({
      window: { title: "DAMAGECHAIN.Settings.Editor.Delete" },
      content: `<p>${foundry.utils.escapeHTML(game.i18n!.format("DAMAGECHAIN.Settings.Editor.DeleteConfirm", { name: draft.name }))}</p>`,
    });
    if (ok !== true) return;
    this.drafts.splice(this.selected, 1);
    this.selected = Math.max(0, this.selected - 1);
    void this.render();
  },
  addStep(this: EditorState) {
    const d = this.drafts[this.selected];
    if (d !== undefined) addStep(d);
    void this.render();
  },
  removeStep(this: EditorState, _e: Event, target: HTMLElement) {
    const d = this.drafts[this.selected];
    if (d !== undefined) removeStep(d, index(target));
    void this.render();
  },
  up(this: EditorState, _e: Event, target: HTMLElement) {
    const d = this.drafts[this.selected];
    if (d !== undefined) moveStep(d, index(target), -1);
    void this.render();
  },
  down(this: EditorState, _e: Event, target: HTMLElement) {
    const d = this.drafts[this.selected];
    if (d !== undefined) moveStep(d, index(target), 1);
    void this.render();
  },
  /** Replace the selected profile's steps and options with the JSON typed in the import box. */
  importJson(this: EditorState) {
    const d = this.drafts[this.selected];
    const text = this.element.querySelector<HTMLTextAreaElement>("[data-json]")?.value ?? "";
    if (d !== undefined) this.problems = importJson(d, text, stepLoaded);
    void this.render();
  },
  async save(this: EditorState) {
    const { profiles: valid, problems } = fromDrafts(this.drafts, BUILT_IN_IDS, stepLoaded);
    this.problems = problems;
    if (problems.length === 0) {
      await setSetting("customProfiles", valid);
      ui.notifications?.info(game.i18n!.localize("DAMAGECHAIN.Settings.Editor.Saved"));
    }
    void this.render();
  },
};

function makeClass() {
  const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
  return class ProfileEditor extends HandlebarsApplicationMixin(ApplicationV2) implements EditorState {
    static override DEFAULT_OPTIONS = {
      id: "damage-chain-profile-editor",
      tag: "form",
      window: { title: "DAMAGECHAIN.Settings.Editor.Title", icon: "fa-solid fa-link", resizable: true },
      position: { width: 680 },
      form: {
        handler: function (this: EditorState, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }) {
          const d = this.drafts[this.selected];
          if (d !== undefined) readForm(d, formData.object);
        },
        submitOnChange: true,
        closeOnSubmit: false,
      },
      actions,
    };

    static override PARTS = { form: { template: TEMPLATES.profileEditor, scrollable: [".damage-chain-editor__steps"] } };

    drafts: DraftProfile[] = storedDrafts();
    selected = 0;
    problems: InputProblem[] = [];

    /** Steps are also reordered by dragging a row onto another (native drag and drop). */
    protected override async _onRender(context: object, options: object): Promise<void> {
      await super._onRender(context as never, options as never);
      let from = -1;
      for (const li of this.element.querySelectorAll<HTMLElement>(".damage-chain-editor__step")) {
        li.addEventListener("dragstart", (e) => {
          from = Number(li.dataset.index);
          e.dataTransfer?.setData("text/plain", String(from));
        });
        li.addEventListener("dragover", (e) => e.preventDefault());
        li.addEventListener("drop", (e) => {
          e.preventDefault();
          const d = this.drafts[this.selected];
          const to = Number(li.dataset.index);
          if (d === undefined || from < 0 || from === to) return;
          moveStep(d, from, to - from);
          void this.render();
        });
      }
    }

    override async _prepareContext(): Promise<Record<string, unknown>> {
      const draft = this.drafts[this.selected];
      return {
        drafts: this.drafts.map((d, i) => ({ index: i, id: d.id, name: d.name, active: i === this.selected })),
        draft:
          draft === undefined
            ? null
            : {
                ...draft,
                steps: draft.steps.map((s, i) => ({ ...s, index: i, number: i + 1, label: game.i18n!.localize(`DAMAGECHAIN.Step.${s.step}`), first: i === 0, last: i === draft.steps.length - 1, fields: stepFields(s, i) })),
                optionFields: profileFields(draft),
                json: exportJson(draft),
              },
        // Only the steps this world can run, and only the profiles made of them, are offered.
        stepChoices: Object.fromEntries(STEP_IDS.filter(stepLoaded).map((id) => [id, `DAMAGECHAIN.Step.${id}`])),
        copyChoices: copyChoices(profiles.list().filter((p) => p.steps.every((l) => stepLoaded(l.step))), localizer()),
        // Named by field as the GM sees it ("Profile, row 1, Step, row 4, …"), never by data path.
        problems: this.problems.map((p) => ({ field: fieldName(p.path, localizer()), message: p.message })),
      };
    }
  };
}

let editorClass: ReturnType<typeof makeClass> | undefined;

/** The editor class, for `game.settings.registerMenu` (built on first call). */
export function profileEditorClass(): ReturnType<typeof makeClass> {
  return (editorClass ??= makeClass());
}
