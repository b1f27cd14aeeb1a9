import { Link } from 'react-router';
import { Logo } from './icons/logo';
import { AccountMenu } from './nav/account-menu';
import { CartTrigger } from './cart/cart-trigger';
import { Dropdown, NAVBAR_HIDE_DELAY_MS } from './nav/dropdown';
import type { MenuGroup } from './nav/menu-data';
import { MenuLinks } from './nav/menu-links';
import { MobileMenu } from './nav/mobile-menu';
import { usePrefetch } from './nav/prefetch';
import { useSessionUser } from './nav/use-session';

/** The shop's header: logo, the menus, the member's account and the cart. */
export function Header({ menu }: { menu: readonly MenuGroup[] }) {
  const user = useSessionUser();
  const prefetch = usePrefetch();
  return (
    <header className="relative z-20 border-b border-line bg-white print:hidden">
      <div className="container-page flex h-16 items-center justify-between gap-3">
        <div className="flex items-center gap-1">
          <MobileMenu menu={menu} prefetch={prefetch} />
          <Logo />
        </div>
        <nav aria-label="Main" className="hidden md:flex items-center gap-0.5 lg:gap-3 text-sm">
          {menu.map((group) => (
            <Dropdown key={group.id} label={group.label} hideDelay={NAVBAR_HIDE_DELAY_MS} align={group.id === 'more' ? 'right' : 'left'}>
              <MenuLinks links={group.links} prefetch={prefetch} />
            </Dropdown>
          ))}
        </nav>
        <div className="flex items-center gap-1 text-sm">
          <AccountMenu user={user} hideDelay={NAVBAR_HIDE_DELAY_MS} />
          <CartTrigger />
          <Link to="/quiz" prefetch={prefetch} className="btn btn-primary hidden lg:inline-flex ml-1 px-5 py-2.5">
            Take the quiz
          </Link>
        </div>
      </div>
    </header>
  );
}
