import { useState } from 'react';
import { messages } from '@shop/core';
import { Alert } from './alert';
import { Button } from './button';
import { browserApi } from '../lib/api';

/**
 * "Continue with Google": the browser goes to Google and comes back signed in to `returnTo`.
 * A failed round trip comes back with an error, which `failed` turns into an explanation.
 */
export function GoogleSignIn({ returnTo, failed }: { returnTo: string; failed: boolean }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState(failed);

  async function start() {
    setPending(true);
    setError(false);
    try {
      const separator = returnTo.includes('?') ? '&' : '?';
      const { url } = await browserApi().startGoogleSignIn(returnTo, `${returnTo}${separator}signInError=google`);
      window.location.assign(url);
    } catch {
      setError(true);
      setPending(false);
    }
  }

  return (
    <div className="space-y-3">
      <Button type="button" variant="secondary" className="w-full" onClick={start} pending={pending} pendingLabel="Going to Google…">
        Continue with Google
      </Button>
      {error ? <Alert tone="error">{messages.googleSignInFailed}</Alert> : null}
    </div>
  );
}
