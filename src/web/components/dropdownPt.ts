/**
 * PrimeReact's Dropdown draws, besides its focusable input (named by `inputId` + the field's label,
 * or `aria-label`), a visually hidden `<select>` that only mirrors the value for forms. That
 * `<select>` has no name, and screen readers met it as a second, unnamed control (axe: select-name):
 * it is hidden from assistive technologies here. Pass as `pt={HIDDEN_SELECT_PT}` on every Dropdown.
 */
export const HIDDEN_SELECT_PT = {
  select: { 'aria-hidden': true },
  // A disabled Dropdown is a div: say it is disabled, so that its greyed placeholder is read as such.
  root: (options?: { props?: { disabled?: boolean } }) =>
    options?.props?.disabled ? { 'aria-disabled': true } : {},
} as const;
