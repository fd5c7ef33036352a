/**
 * The creature-template panel of the Defenses tab (001's creature types,
 * keywords and roles): its form state and its render context. Pure.
 */
import { CREATURE_TEMPLATES, findTemplate, roleDefenseTotals } from "../../core/templates.ts";
import type { DefenderDraft } from "./draft.ts";
import type { Localizer } from "./localizer.ts";

/** The creature-template form: chosen template, "5 per tier" limits and level, role variation. */
export interface TemplateForm {
  id: string;
  limits: boolean;
  level: string;
  plus: string;
  minus: string;
}

export const DEFAULT_TEMPLATE_FORM: TemplateForm = { id: "type.undead", limits: false, level: "1", plus: "", minus: "" };

/** The label of a template id, or of a system import (`import.dnd5e`), or the id itself for a tag the module does not know. */
export function templateLabel(id: string, t: Localizer): string {
  const tpl = findTemplate(id);
  if (tpl) return t.localize(tpl.nameKey);
  return id.startsWith("import.") ? t.format("DAMAGECHAIN.Bestiary.Imported", { system: id.slice("import.".length) }) : id;
}

/** The panel's render context: template groups, the templates applied, the form, role-defense totals. */
export function templatePanel(draft: DefenderDraft, form: TemplateForm, t: Localizer) {
  const applied = new Set<string>();
  for (const rows of Object.values(draft.lists)) for (const e of rows) if (typeof e.template === "string") applied.add(e.template);
  const group = (kind: string, labelKey: string) => ({
    label: t.localize(labelKey),
    options: CREATURE_TEMPLATES.filter((x) => x.kind === kind).map((x) => ({ value: x.id, label: t.localize(x.nameKey), selected: x.id === form.id })),
  });
  const defenseOptions = (chosen: string) => [
    { value: "", label: t.localize("DAMAGECHAIN.Sheet.None"), selected: chosen === "" },
    ...(["fortitude", "reflex", "will"] as const).map((d) => ({ value: d, label: t.localize(`DAMAGECHAIN.Sheet.Kind.${d}`), selected: d === chosen })),
  ];
  const roleRows = draft.lists.roleDefenses.filter((r) => [1, 0, -1].includes(Number(r.modifier)) && ["fortitude", "reflex", "will"].includes(String(r.defense)));
  const totals = roleDefenseTotals({ roleDefenses: roleRows.map((r) => ({ defense: r.defense as "fortitude", modifier: Number(r.modifier) })) });
  const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
  return {
    groups: [group("creatureType", "DAMAGECHAIN.Template.Group.creatureType"), group("keyword", "DAMAGECHAIN.Template.Group.keyword"), group("role", "DAMAGECHAIN.Template.Group.role")],
    applied: [...applied].map((id) => ({ id, label: templateLabel(id, t) })),
    limits: form.limits,
    level: form.level,
    plus: defenseOptions(form.plus),
    minus: defenseOptions(form.minus),
    roleTotals: roleRows.length === 0 ? "" : t.format("DAMAGECHAIN.Sheet.RoleTotals", { fortitude: signed(totals.fortitude), reflex: signed(totals.reflex), will: signed(totals.will) }),
  };
}
