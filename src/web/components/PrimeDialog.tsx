import '../lib/prime';
import { Dialog, type DialogProps } from 'primereact/dialog';
import { useReturnFocus } from './returnFocus';

/**
 * PrimeReact's Dialog as every settings and staff screen opens it: shown while mounted (the screen
 * mounts it to open it and unmounts it to close it), modal, the page behind not scrolled, the focus
 * moved inside when it shows (`focusOnShow`) and kept there by Tab and Shift+Tab (PrimeReact's
 * focus trap), Escape closing it, and the focus given back to the control that opened it when it
 * leaves (`useReturnFocus`: PrimeReact gives it back only when `visible` turns false, not when the
 * dialog unmounts). The student's pages use the native `Modal` instead (no component library).
 */
export function PrimeDialog(props: Omit<DialogProps, 'visible'>) {
  useReturnFocus();
  return <Dialog modal blockScroll focusOnShow closeOnEscape {...props} visible />;
}
