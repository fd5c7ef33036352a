/**
 * Text put into a chat message's content so that Foundry neither rolls nor
 * enriches it: a name such as `Ogre [[1d6]]` must appear as
 * written. Foundry reads enricher syntax twice:
 * - `ChatMessage#_preCreate` rolls every `[[formula]]` it finds in the
 *   content string (v13 `client/documents/chat-message.mjs`);
 * - `ChatMessage#renderHTML` passes the content to `TextEditor#enrichHTML`,
 *   which matches inline rolls, `@UUID[…]` links and the custom enrichers of
 *   `CONFIG.TextEditor.enrichers` within each text node
 *   (`TextEditor._getTextNodes` / `_replaceTextContent`).
 * HTML entities stop the first but not the second (a text node holds the
 * decoded text). A `<wbr>` element after every `[`, `@` and `&` stops both:
 * the string no longer holds `[[`, and no text node holds an opening
 * bracket or a sigil with what follows it. `<wbr>` shows nothing.
 */

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;", "`": "&#x60;", "=": "&#x3D;" };

/**
 * `text` as HTML for message content: escaped as Handlebars' `{{…}}` escapes
 * it, with a `<wbr>` after each `[`, `@` and `&` (see above). Its
 * `textContent` is `text` unchanged.
 */
export function inertHtml(text: string): string {
  return text.replace(/[&<>"'`=[@]/g, (c) => (c === "[" || c === "@" ? `${c}<wbr>` : c === "&" ? "&amp;<wbr>" : ENTITIES[c]!));
}
