type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * What a person typed into the server's page before the app took it over (issue 31 A): each text field whose
 * value is no longer the one the server wrote. Hydration gives a controlled field its state's value again
 * (empty), so main.tsx takes these before it hydrates and gives them back after (`restoreTypedValues`).
 */
export function typedValues(root: HTMLElement): Array<[TextField, string]> {
  const fields = root.querySelectorAll<TextField>(
    'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea',
  );
  return [...fields]
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => [field, field.value]);
}

/**
 * Types the values again as input events, so the forms' state (react-hook-form) takes them. React tracks the
 * value it last saw through the element's own `value` property: the field is emptied through it, then given
 * the typed value through the prototype's setter (which React does not see), so the `input` event that
 * follows is a change to React and reaches the field's onChange.
 */
export function restoreTypedValues(values: Array<[TextField, string]>): void {
  for (const [field, value] of values) {
    if (!field.isConnected) continue;
    const prototype =
      field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    field.value = '';
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
