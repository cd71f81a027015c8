import type { ReactNode } from 'react';

/**
 * A table wider than a phone's screen scrolls in its own box instead of widening the page or
 * breaking its words (styles.css, `.table-scroll`). The box is a named region reachable by the
 * keyboard, so that its hidden columns can be scrolled to without a mouse (WCAG 2.1.1).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
