import { useEffect, useState } from 'react';

/** The part of the Network Information API the shop reads; most browsers outside Chromium lack it. */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

/** Prefetching spends the visitor's data: never on a 2g connection or with data saver on. */
export function prefetchAllowed(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}

/**
 * The prefetch mode for the shop's links. The server never knows the connection, so it renders
 * "none" and the browser upgrades to "intent" after hydration when the connection allows it.
 */
export function usePrefetch(): 'intent' | 'none' {
  const [mode, setMode] = useState<'intent' | 'none'>('none');
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection;
    setMode(prefetchAllowed(connection) ? 'intent' : 'none');
  }, []);
  return mode;
}
