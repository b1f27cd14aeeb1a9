import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDownIcon } from '../icons/icons';

/** The specification's delay before a dropdown closes (§9): 300 ms in the navbar, none elsewhere. */
export const NAVBAR_HIDE_DELAY_MS = 300;

interface DropdownProps {
  label: string;
  children: ReactNode;
  /** how long the menu stays open after the pointer or focus leaves it */
  hideDelay?: number;
  /** "panel" floats below the button (navbar); "inline" pushes the content below down (mobile menu) */
  placement?: 'panel' | 'inline';
  align?: 'left' | 'right';
}

/**
 * A disclosure menu that opens on hover and on its button (a click, Enter or Space), and closes
 * after `hideDelay` when the pointer and focus have both left, at once on Escape (focus goes back
 * to its button) and when one of its links is followed. Focus alone does not open it: Tab passes
 * over a closed menu's button to the next, so the header is a few Tab stops, not one per link. Its
 * content is drawn only while it is open: a closed menu is hidden from everyone, and leaving its
 * links out spares every page the time to bring them to life.
 */
export function Dropdown({ label, children, hideDelay = 0, placement = 'panel', align = 'left' }: DropdownProps) {
  const [open, setOpen] = useState(false);
  // a click after the pointer already opened the menu must not close it again
  const openedByClick = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  function show() {
    clearTimeout(timer.current);
    setOpen(true);
  }

  function close() {
    openedByClick.current = false;
    setOpen(false);
  }

  function hide(delay = hideDelay) {
    clearTimeout(timer.current);
    if (delay <= 0) close();
    else timer.current = setTimeout(close, delay);
  }

  function toggle() {
    if (open && openedByClick.current) return hide(0);
    show();
    openedByClick.current = true;
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) hide();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    button.current?.focus();
    hide(0);
  }

  const floating = placement === 'panel';
  return (
    <div
      className={floating ? 'relative' : ''}
      onMouseEnter={floating ? show : undefined}
      onMouseLeave={floating ? () => hide() : undefined}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className={`inline-flex items-center gap-1 rounded-md py-2 font-semibold hover:text-brand ${floating ? 'px-2' : 'w-full justify-between px-1 text-lg'}`}
      >
        {label}
        <ChevronDownIcon width="18" height="18" className={`transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) hide(0);
        }}
        className={
          floating
            ? `absolute top-full z-30 mt-1 w-64 rounded-card border border-line bg-white p-2 shadow-card ${align === 'right' ? 'right-0' : 'left-0'}`
            : 'pb-2 pl-2'
        }
      >
        {open ? children : null}
      </div>
    </div>
  );
}
