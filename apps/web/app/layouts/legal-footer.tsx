import { LegalLinks } from '../components/footer';

/** The footer of the focused layouts (the quiz, checkout, after payment): the legal line with its help link, nothing else. */
export function LegalFooter() {
  return (
    <footer className="mt-16 border-t border-line bg-white text-muted print:hidden">
      <div className="container-page py-6">
        <LegalLinks />
      </div>
    </footer>
  );
}
