/**
 * Characters that change how the text around them is shown without being seen themselves: the
 * Unicode bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069),
 * which make `invoice\u202Efdp.exe` read as "invoiceexe.pdf", and the invisible format
 * characters that have no use in a file name (zero-width space U+200B, word joiner and
 * invisible operators U+2060 to U+2064, the deprecated format controls U+206A to U+206F, the
 * byte-order mark U+FEFF, interlinear annotation U+FFF9 to U+FFFB). The zero-width joiner and
 * non-joiner (U+200C, U+200D) are not among them: Persian words and emoji need them.
 *
 * A storage path holding one is refused on upload (docs/protocol.md, Storage); a name shown or
 * offered for a download has them removed, whoever wrote it.
 */
const HIDDEN_TEXT_CONTROL =
  /[\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/;
const HIDDEN_TEXT_CONTROLS = new RegExp(HIDDEN_TEXT_CONTROL.source, 'g');

export function hasHiddenTextControl(text: string): boolean {
  return HIDDEN_TEXT_CONTROL.test(text);
}

/** The name as it really reads: every hidden text control removed. */
export function withoutHiddenTextControls(text: string): string {
  return text.replace(HIDDEN_TEXT_CONTROLS, '');
}

/** The `details` of the 400 that refuses such a path on upload. */
export const HIDDEN_TEXT_CONTROL_REFUSAL =
  'The path holds an invisible character that reorders or hides text (U+202E or another bidirectional control); rename the file';
