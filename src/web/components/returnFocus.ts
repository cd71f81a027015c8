import { useEffect, type RefObject } from 'react';

/** What names an opener well enough to find it again when its row was drawn anew meanwhile. */
function sameControl(opener: HTMLElement): HTMLElement | null {
  const label = opener.getAttribute('aria-label');
  if (opener.id) return document.getElementById(opener.id);
  if (!label) return null;
  const found = [...document.querySelectorAll<HTMLElement>(opener.tagName)].filter(
    (e) => e.getAttribute('aria-label') === label,
  );
  return found.length === 1 ? found[0] : null;
}

/**
 * Gives the focus back to the control that opened a window when the window leaves the page
 * (WCAG 2.4.3): the element focused when the window mounts is kept, and focused again when it
 * unmounts, unless the focus has already gone somewhere else on the page meanwhile. A window
 * leaves by unmounting, where neither the browser's own restoring (`<dialog>.close()`) nor
 * PrimeReact's (on `visible` turning false) happens. A list reloaded after a save may have drawn
 * the opener's row anew: the control with the same id, or else the one control with the same
 * accessible name, gets the focus then.
 *
 * Call it first in the window's component, so that it reads the opener before anything moves the
 * focus inside. `inside` is the window's element, when it has one, so that an opener inside the
 * window (a window opened from another) is not mistaken for the page's.
 */
export function useReturnFocus(inside?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const windowElement = inside?.current ?? null;
    return () => {
      if (!opener || opener === document.body) return;
      if (windowElement?.contains(opener)) return;
      // The focus is already on the page, outside any window (the window moved it on purpose).
      const now = document.activeElement;
      if (now && now !== document.body && now.isConnected && !now.closest('[role="dialog"], dialog')) return;
      const target = opener.isConnected ? opener : sameControl(opener);
      target?.focus();
    };
    // Read once, when the window mounts.
  }, []);
}
