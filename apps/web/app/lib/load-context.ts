import { createContext, type RouterContextProvider } from 'react-router';

/** What the server hands every page it renders, through React Router's context (decision record 0018 for the nonce). */
export interface ShopLoadContext {
  /** an in-process fetch to the API, when the API serves the pages */
  apiFetch?: typeof fetch;
  apiBaseUrl?: string;
  /** the nonce of the page's Content-Security-Policy, for its scripts */
  cspNonce?: string;
  /** the origin a server-rendered page links to itself with: the address it was asked on */
  publicUrl?: string;
}

/** The context a loader, an action and the server entry receive: read with `get`, written with `set`. */
export type PageContext = Readonly<RouterContextProvider>;

/**
 * Where the server puts its ShopLoadContext. The server entry exports it (`shopLoadContext`), so a
 * server that loads the build sets its values under this very key; a page prerendered at build
 * time, given none, reads the empty default.
 */
export const shopLoadContext = createContext<ShopLoadContext>({});

/**
 * The cookies the browser holds once the page's action has answered, when the action's API calls
 * set some: a page sent without script runs its loaders in the same request, after the action,
 * and they must speak with the session the action opened (a changed password ends the one the
 * browser came with).
 */
export const cookieAfterAction = createContext<string | null>(null);
