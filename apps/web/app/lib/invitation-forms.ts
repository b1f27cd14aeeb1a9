/** The invitation page's intent when the invited address is signed in already and accepts with its account. */
export const ACCEPT_SIGNED_IN = 'join-signed-in';
