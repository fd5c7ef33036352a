/**
 * A minimal double of Foundry's `<multi-select>` element
 * (`foundry.applications.elements.HTMLMultiSelectElement`, v13 and v14) for
 * the browser-test page, which has no Foundry. It models only what the
 * Defenses tab relies on; each point follows the real source (v13
 * `client/applications/elements/multi-select.mjs`, `form-element.mjs`,
 * `string-tags.mjs`, cited in `test/foundry/README.md`):
 * - on connect, the `<option>` children define the choices and the
 *   `selected` ones the value; the children are replaced by a tag list
 *   (`div.tags.input-element-tags` of `div.tag[data-key]` with a
 *   `a.remove`) and a `<select>` with a blank first option holding the options;
 * - `value` is an array of the chosen values, in the order they were chosen;
 *   assigning it takes only known choices (else it throws) and fires `input`
 *   and `change`;
 * - choosing in the select adds the value, fires one bubbling `change` from
 *   the element (the select's own `change` stops there), resets the select and
 *   disables the chosen options; a click on a tag's remove link removes it;
 * - it is form-associated (a `<label>` around it names it), and it has no
 *   `name` unless given one (then `FormDataExtended` would read its value).
 * The remove link's label is `ELEMENTS.TAGS.Remove` in Foundry's own lang
 * file; the page has only the module's, so the test passes the label in.
 */
export function defineMultiSelect(removeLabel: string): void {
  if (customElements.get("multi-select")) return;
  class MultiSelectDouble extends HTMLElement {
    static formAssociated = true;
    readonly #value = new Set<string>();
    readonly #choices = new Map<string, string>();
    #select: HTMLSelectElement | undefined;
    #tags: HTMLDivElement | undefined;

    constructor() {
      super();
      this.attachInternals();
    }

    get name(): string | null {
      return this.getAttribute("name");
    }

    get value(): string[] {
      return [...this.#value];
    }

    set value(value: string[]) {
      if (!Array.isArray(value)) throw new Error("The value assigned to a multi-select element must be an array.");
      if (value.some((v) => !this.#choices.has(v))) throw new Error("The values assigned to a multi-select element must all be valid options.");
      this.#value.clear();
      for (const v of value) this.#value.add(v);
      this.dispatchEvent(new Event("input", { bubbles: true, cancelable: true }));
      this.dispatchEvent(new Event("change", { bubbles: true, cancelable: true }));
      this.#refresh();
    }

    connectedCallback(): void {
      const options = [...this.children];
      for (const option of this.querySelectorAll("option")) {
        if (!option.value) continue;
        this.#choices.set(option.value, option.innerText);
        if (option.selected) {
          this.#value.add(option.value);
          option.selected = false;
        }
      }
      const select = document.createElement("select");
      select.insertAdjacentHTML("afterbegin", '<option value=""></option>');
      select.append(...options);
      const tags = document.createElement("div");
      tags.className = "tags input-element-tags";
      this.replaceChildren(tags, select);
      this.#select = select;
      this.#tags = tags;
      this.#refresh();
      select.addEventListener("change", (event) => {
        event.preventDefault();
        event.stopImmediatePropagation();
        if (!select.value) return;
        this.#choose(select.value, true);
        select.value = "";
      });
      tags.addEventListener("click", (event) => {
        event.preventDefault();
        const target = event.target as HTMLElement;
        if (!target.classList.contains("remove")) return;
        this.#choose(target.closest<HTMLElement>(".tag")?.dataset.key ?? "", false);
      });
    }

    #choose(value: string, on: boolean): void {
      if (this.#value.has(value) === on) return;
      if (on && !this.#choices.has(value)) throw new Error(`"${value}" is not an option allowed by this multi-select element`);
      if (on) this.#value.add(value);
      else this.#value.delete(value);
      this.dispatchEvent(new Event("change", { bubbles: true, cancelable: true }));
      this.#refresh();
    }

    #refresh(): void {
      if (!this.#tags || !this.#select) return;
      this.#tags.replaceChildren(
        ...this.value.map((id) => {
          const tag = document.createElement("div");
          tag.className = "tag";
          tag.dataset.key = id;
          const span = document.createElement("span");
          span.textContent = this.#choices.get(id) ?? id;
          const remove = document.createElement("a");
          remove.className = "remove fa-solid fa-xmark";
          remove.dataset.tooltip = "ELEMENTS.TAGS.Remove";
          remove.setAttribute("aria-label", removeLabel);
          tag.append(span, remove);
          return tag;
        }),
      );
      for (const option of this.#select.querySelectorAll("option")) option.disabled = this.#value.has(option.value);
    }
  }
  customElements.define("multi-select", MultiSelectDouble);
}
