import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * A panel from the right on the native <dialog>: shown modally, the browser keeps focus inside,
 * closes it on Escape and hides the page behind it from assistive technology.
 */
export function Drawer({ open, onClose, title, children, footer }: DrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The focus starts on Close, whatever the panel holds by then: left to the browser, it went
      // to the first control, or to the panel itself when its content (the line being added)
      // arrived in time to make it a scroller on a short screen
      closeRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      // a click on the backdrop lands on the dialog element itself
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      aria-labelledby={titleId}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-full max-w-md bg-white p-0 shadow-2xl backdrop:bg-ink/50 md:w-[28rem]"
    >
      {/* On a short screen (a phone held sideways, or text zoomed to 400%) the panel scrolls as a
          whole, so the items are never squeezed into a sliver between the header and the footer */}
      <div className="flex h-full flex-col [@media(max-height:32rem)]:block [@media(max-height:32rem)]:overflow-y-auto">
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            className="rounded-full px-2 text-2xl leading-none text-muted hover:text-ink"
            aria-label="Close cart"
          >
            ×
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-4 [@media(max-height:32rem)]:overflow-visible">{children}</div>
        {footer ? <div className="border-t border-slate-200 px-5 py-4">{footer}</div> : null}
      </div>
    </dialog>
  );
}
