/**
 * The resource-mapping editor: per actor type, which data path
 * holds each chain resource (HP/life, guard, each armor pool...). A type with
 * no rows uses the detected default (dnd5e hit points, else the token bar
 * attribute); resources without a path are kept in the actor's flags. Saved to
 * the world setting `resourceMapping` only when valid. Built on first use.
 */
import { actorTypeLabel } from "../actor/type-label.ts";
import { fieldName } from "../../core/field-name.ts";
import { localizer } from "../localizer.ts";
import { RESOURCE_KEYS } from "../../core/model/defender.ts";
import { resourceMappingSchema, type ResourceMapping } from "../../core/resource-map.ts";
import { parseWith, type InputProblem } from "../../core/validate.ts";
import { TEMPLATES } from "../constants.ts";
import { worldMapping } from "../actor/resources.ts";
import { setSetting } from "../settings/settings.ts";

/** One row of the form. */
export interface MappingRow {
  key: string;
  value: string;
  max: string;
  temp: string;
}

/** Rows for one actor type's mapping. */
export function toRows(mapping: ResourceMapping[string] | undefined): MappingRow[] {
  return Object.entries(mapping ?? {}).map(([key, p]) => ({ key, value: p.value, max: p.max ?? "", temp: p.temp ?? "" }));
}

/**
 * The mapping the rows describe, validated. Empty paths are left out; a type
 * with no rows is left out (it uses the detected default). Problems name the
 * type and resource (`settings.resourceMapping.npc.guard.value: ...`).
 */
export function fromRows(rows: Readonly<Record<string, MappingRow[]>>): { mapping?: ResourceMapping; problems: InputProblem[] } {
  const raw: Record<string, Record<string, Record<string, string>>> = {};
  for (const [type, list] of Object.entries(rows)) {
    for (const r of list) {
      if (r.key.trim() === "") continue;
      const paths: Record<string, string> = { value: r.value.trim() };
      if (r.max.trim() !== "") paths.max = r.max.trim();
      if (r.temp.trim() !== "") paths.temp = r.temp.trim();
      (raw[type] ??= {})[r.key.trim()] = paths;
    }
  }
  const parsed = parseWith(resourceMappingSchema, raw, "settings.resourceMapping");
  return parsed.ok ? { mapping: parsed.value, problems: [] } : { problems: parsed.problems };
}

interface EditorState {
  rows: Record<string, MappingRow[]>;
  problems: InputProblem[];
  render(options?: object): unknown;
}

function readForm(state: EditorState, values: Record<string, unknown>): void {
  for (const [type, list] of Object.entries(state.rows)) {
    list.forEach((row, i) => {
      for (const field of ["key", "value", "max", "temp"] as const) {
        const v = values[`rows.${type}.${i}.${field}`];
        if (typeof v === "string") row[field] = v;
      }
    });
  }
}

const target = (el: HTMLElement) => ({ type: el.closest<HTMLElement>("[data-type]")?.dataset.type ?? "", index: Number(el.closest<HTMLElement>("[data-index]")?.dataset.index ?? -1) });

const actions = {
  addRow(this: EditorState, _e: Event, el: HTMLElement) {
    (this.rows[target(el).type] ??= []).push({ key: "", value: "", max: "", temp: "" });
    void this.render();
  },
  removeRow(this: EditorState, _e: Event, el: HTMLElement) {
    const { type, index } = target(el);
    this.rows[type]?.splice(index, 1);
    void this.render();
  },
  async save(this: EditorState) {
    const { mapping, problems } = fromRows(this.rows);
    this.problems = problems;
    if (mapping !== undefined) {
      await setSetting("resourceMapping", mapping);
      ui.notifications?.info(game.i18n!.localize("DAMAGECHAIN.Settings.Mapping.Saved"));
    }
    void this.render();
  },
};

function makeClass() {
  const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
  return class MappingEditor extends HandlebarsApplicationMixin(ApplicationV2) implements EditorState {
    static override DEFAULT_OPTIONS = {
      id: "damage-chain-mapping-editor",
      tag: "form",
      window: { title: "DAMAGECHAIN.Settings.Mapping.Title", icon: "fa-solid fa-table-list", resizable: true },
      position: { width: 720 },
      form: {
        handler: function (this: EditorState, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }) {
          readForm(this, formData.object);
        },
        submitOnChange: true,
        closeOnSubmit: false,
      },
      actions,
    };

    static override PARTS = { form: { template: TEMPLATES.mappingEditor } };

    rows: Record<string, MappingRow[]> = (() => {
      const stored = worldMapping().mapping;
      const types = (game.documentTypes?.Actor ?? []).filter((t) => t !== "base");
      return Object.fromEntries(types.map((t) => [t, toRows(stored[t])]));
    })();
    problems: InputProblem[] = [];

    override async _prepareContext(): Promise<Record<string, unknown>> {
      return {
        types: Object.entries(this.rows).map(([type, rows]) => ({ type, label: actorTypeLabel(type), rows: rows.map((r, index) => ({ ...r, index, number: index + 1 })) })),
        resourceKeys: RESOURCE_KEYS,
        // Named by field as the GM sees it ("Profile, row 1, Step, row 4, …"), never by data path.
        problems: this.problems.map((p) => ({ field: fieldName(p.path, localizer()), message: p.message })),
      };
    }
  };
}

let editorClass: ReturnType<typeof makeClass> | undefined;

/** The editor class, for `game.settings.registerMenu` (built on first call). */
export function mappingEditorClass(): ReturnType<typeof makeClass> {
  return (editorClass ??= makeClass());
}
