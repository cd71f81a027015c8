/**
 * PrimeReact's Dropdown draws, besides its focusable input (named by `inputId` + the field's label,
 * or `aria-label`), a visually hidden `<select>` that only mirrors the value for forms. That
 * `<select>` has no name, and screen readers met it as a second, unnamed control (axe: select-name):
 * it is hidden from assistive technologies here. Pass as `pt={HIDDEN_SELECT_PT}` on every Dropdown.
 */
export const HIDDEN_SELECT_PT = {
  select: { 'aria-hidden': true },
  // A disabled Dropdown is a div: say it is disabled, so that its greyed placeholder is read as such.
  // PrimeReact also gives the root div, while its input has the focus, an `aria-activedescendant`
  // naming an option (`dropdownItem_-1` once a choice is made and the list closed): a div with no
  // role may not carry it, the option it names is not there (axe: aria-allowed-attr,
  // aria-valid-attr-value), and a screen reader reads it only on the element that has the focus,
  // which the div never has. It is left out.
  root: (options?: { props?: { disabled?: boolean } }) => ({
    'aria-activedescendant': undefined,
    ...(options?.props?.disabled ? { 'aria-disabled': true } : {}),
  }),
} as const;
