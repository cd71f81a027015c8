import { useEffect, useRef, useState, type ReactNode } from 'react';
import { messages } from '../../domain/messages';

/**
 * A table wider than a phone's screen scrolls in its own box instead of widening the page or
 * breaking its words (styles.css, `.table-scroll`). The box is a named region reachable by the
 * keyboard, so that its hidden columns can be scrolled to without a mouse (WCAG 2.1.1). While the
 * table is wider than its box, a line above it says so (« Faites défiler… ») and a shade on the
 * box's right edge shows that columns lie beyond it, until the last one is reached; a table that
 * fits has neither.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [cut, setCut] = useState({ wider: false, more: false });
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const wider = el.scrollWidth > el.clientWidth + 1;
      const more = wider && el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setCut((c) => (c.wider === wider && c.more === more ? c : { wider, more }));
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    if (typeof ResizeObserver === 'undefined') return () => el.removeEventListener('scroll', measure);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    const table = el.querySelector('table');
    if (table) observer.observe(table);
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, []);
  return (
    <div className="table-scroll-frame">
      {cut.wider && (
        <p className="table-scroll-hint" data-testid="tableau-defiler">
          <i className="pi pi-arrows-h" aria-hidden="true" /> {messages.tableauDefiler}
        </p>
      )}
      <div className={cut.more ? 'table-scroll-edge is-cut' : 'table-scroll-edge'}>
        <div ref={box} className="table-scroll" tabIndex={0} role="region" aria-label={label}>
          {children}
        </div>
      </div>
    </div>
  );
}
