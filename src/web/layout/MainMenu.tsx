import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { messages } from '../../domain/messages';
import { fill } from '../lib/format';
import { paths } from '../lib/paths';
import type { AppRoute, MenuNode, MenuSection } from '../app/registry';

export function MenuLink({ route, label }: { route: AppRoute; label?: string }) {
  return (
    <NavLink
      to={route.path}
      end={route.path === paths.accueil}
      className={({ isActive }) => (isActive ? 'active' : undefined)}
    >
      {route.icon && <i className={route.icon} aria-hidden="true" />}
      <span className="menu-label">{label ?? route.label}</span>
    </NavLink>
  );
}

const focusables = (ul: HTMLElement | null) => Array.from(ul?.querySelectorAll<HTMLElement>('a') ?? []);

function MenuGroup({
  node,
  open,
  onToggle,
}: {
  node: Extract<MenuNode, { kind: 'group' }>;
  open: boolean;
  onToggle: (section: MenuSection | null) => void;
}) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  const active = node.entries.some((r) => pathname === r.path || pathname.startsWith(`${r.path}/`));
  // Escape closes and gives the focus back to the button; the arrows move within the submenu.
  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      onToggle(null);
      button.current?.focus();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const items = focusables(list.current);
    if (items.length === 0) return;
    e.preventDefault();
    if (!open) onToggle(node.section);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next =
      at === -1
        ? e.key === 'ArrowDown'
          ? 0
          : items.length - 1
        : (at + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
    // The list shows on the next render when it was closed.
    requestAnimationFrame(() => focusables(list.current)[next]?.focus());
  };
  return (
    <li className={`menu-group${open ? ' open' : ''}`} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={`menu-group-button${active ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => onToggle(open ? null : node.section)}
      >
        <i className={node.icon} aria-hidden="true" />
        <span className="menu-label">{node.label}</span>
        <i className="pi pi-angle-down menu-caret" aria-hidden="true" />
      </button>
      <ul id={id} ref={list} className="submenu" aria-label={fill(messages.sousMenu, { label: node.label })}>
        {node.entries.map((r) => (
          <li key={r.path}>
            <MenuLink route={r} label={r.sectionLabel} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The main menu: links and, when grouped, submenus (a button with `aria-expanded`; Enter or Space
 * opens, Escape closes, the arrows move between entries). One submenu open at a time; it closes on
 * navigation and on a click elsewhere (where it pops up: horizontal and slim menus).
 */
export function MainMenu({ nodes }: { nodes: MenuNode[] }) {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // The submenu opened on a page: another page shows it closed, in the same render as the page (an
  // effect closing it after the page painted would also close a submenu opened in between).
  const [opened, setOpened] = useState<{ section: MenuSection; on: string } | null>(null);
  const openSection = opened?.on === pathname ? opened.section : null;
  const setOpenSection = (section: MenuSection | null) =>
    setOpened(section ? { section, on: pathname } : null);
  useEffect(() => {
    if (openSection === null) return;
    const onDown = (e: MouseEvent) => {
      const popup = getComputedStyle(document.documentElement).getPropertyValue('--submenu-popup').trim();
      if (popup === '1' && ref.current && !ref.current.contains(e.target as Node)) setOpenSection(null);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [openSection]);
  return (
    <nav className="mainnav" aria-label={messages.menuPrincipal} ref={ref}>
      <ul>
        {nodes.map((n) =>
          n.kind === 'link' ? (
            <li key={n.route.path}>
              <MenuLink route={n.route} />
            </li>
          ) : (
            <MenuGroup key={n.section} node={n} open={openSection === n.section} onToggle={setOpenSection} />
          ),
        )}
      </ul>
    </nav>
  );
}
