import { Logo } from '../components/icons/logo';

/** A header with nothing but the logo, linked home or not. */
export function LogoHeader({ linked }: { linked: boolean }) {
  return (
    <header className="border-b border-line bg-white">
      <div className="container-page flex h-16 items-center justify-center md:justify-start">
        <Logo linked={linked} />
      </div>
    </header>
  );
}
