import { NavLink } from 'react-router';
import type { MenuLink } from './menu-data';

/** The links of one menu group, as a list. */
export function MenuLinks({ links, prefetch }: { links: readonly MenuLink[]; prefetch: 'intent' | 'none' }) {
  return (
    <ul className="grid gap-0.5">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            prefetch={prefetch}
            className={({ isActive }) =>
              `block rounded-md px-3 py-2 text-sm hover:bg-brand-soft ${isActive ? 'font-semibold text-brand' : 'text-ink'}`
            }
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
