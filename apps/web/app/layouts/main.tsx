import type { ReactNode } from 'react';

/** The page's own content, the target of the skip link every layout shares. */
export function Main({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="flex-1 outline-none">
      {children}
    </main>
  );
}
