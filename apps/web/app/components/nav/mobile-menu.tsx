import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CloseIcon, MenuIcon } from '../icons/icons';
import { Dropdown } from './dropdown';
import type { MenuGroup } from './menu-data';
import { MenuLinks } from './menu-links';

/** The navigation below 768 px: one button that opens every menu group as a list, drawn when opened. */
export function MobileMenu({ menu, prefetch }: { menu: readonly MenuGroup[]; prefetch: 'intent' | 'none' }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);

  // following a link closes the menu
  useEffect(() => setOpen(false), [pathname]);

  return (
    <div
      className="md:hidden"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-brand-soft"
      >
        {open ? <CloseIcon /> : <MenuIcon />}
        <span className="sr-only">Menu</span>
      </button>
      <nav
        id={panelId}
        hidden={!open}
        aria-label="Main"
        className="absolute inset-x-0 top-full z-30 max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-line bg-white px-4 py-4 shadow-card"
      >
        {open ? (
          <>
            <ul className="grid gap-1">
              {menu.map((group) => (
                <li key={group.id} className="border-b border-line last:border-0">
                  <Dropdown label={group.label} placement="inline">
                    <MenuLinks links={group.links} prefetch={prefetch} />
                  </Dropdown>
                </li>
              ))}
            </ul>
            <Link to="/quiz" className="btn btn-primary mt-4 w-full">
              Take the quiz
            </Link>
          </>
        ) : null}
      </nav>
    </div>
  );
}
