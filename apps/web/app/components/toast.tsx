import { useEffect, useId, useRef, useSyncExternalStore } from 'react';

/** How long a toast stays on screen (specification §9). */
export const TOAST_DURATION_MS = 4000;

export type ToastTone = 'success' | 'error';

interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

// One store for the page, outside React: any component can raise a toast without a provider, and
// the first <Toaster /> on the page shows it (so a page that renders several shows each once).
let toasts: readonly Toast[] = [];
let owners: readonly string[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function dismiss(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** Shows a message bottom-center for 4000 ms. */
export function showToast(message: string, tone: ToastTone = 'success'): void {
  const id = nextId++;
  toasts = [...toasts, { id, message, tone }];
  timers.set(
    id,
    setTimeout(() => dismiss(id), TOAST_DURATION_MS),
  );
  emit();
}

/** For components: `const toast = useToast(); toast('Saved')`. */
export function useToast(): typeof showToast {
  return showToast;
}

const noToasts: readonly Toast[] = [];

/** The room the toasts take at the bottom of the window, on the root while one is up (app.css). */
const TOAST_HEIGHT = '--page-toast-height';

/**
 * The live region the toasts appear in. It is always in the page (empty when there is nothing to
 * say) so screen readers announce what is added to it.
 */
export function Toaster() {
  const id = useId();
  useEffect(() => {
    owners = [...owners, id];
    emit();
    return () => {
      owners = owners.filter((owner) => owner !== id);
      emit();
    };
  }, [id]);
  const isOwner = useSyncExternalStore(
    subscribe,
    () => owners[0] === id,
    () => false,
  );
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => noToasts,
  );
  const region = useRef<HTMLDivElement>(null);
  // While a toast is up, what the browser scrolls into view (the focused element) stops above it,
  // so a toast never covers the element that has the focus (WCAG 2.4.11)
  const showing = isOwner && current.length > 0;
  useEffect(() => {
    const element = region.current;
    if (!showing || !element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty(TOAST_HEIGHT, `${window.innerHeight - element.getBoundingClientRect().top}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(TOAST_HEIGHT);
    };
  }, [showing]);
  if (!isOwner) return null;
  return (
    <div
      ref={region}
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4"
    >
      {current.map((toast) => (
        <p
          key={toast.id}
          className={`pointer-events-auto max-w-md rounded-full px-5 py-3 text-center text-sm font-semibold text-white shadow-lg ${
            toast.tone === 'success' ? 'bg-brand-dark' : 'bg-danger'
          }`}
        >
          {toast.message}
        </p>
      ))}
    </div>
  );
}
