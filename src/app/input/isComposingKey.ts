/**
 * Whether a key press belongs to an input method's composition (Japanese, Chinese, Korean): its
 * Enter confirms a word and its Escape drops one, neither is the user's command to the field.
 * Safari sends the confirming Enter just after `compositionend`, no longer composing but with
 * the keyCode 229 that marks a key the input method took.
 */
export function isComposingKey(event: { nativeEvent: KeyboardEvent; keyCode: number }): boolean {
  return event.nativeEvent.isComposing || event.keyCode === 229;
}
