// A visitor's state made through the API, as the shop's pages make it: a quiz result (which sets the
// quiz visitor cookie) and the result's starter test in the cart (which sets the cart cookie). The
// pages that read them (/quiz-results, /checkout-payment) are then measured with those cookies.

import { quizConsent } from './consent.mjs';

const answers = { goal: 'fatigue', sex: 'female', dateOfBirth: '1990-04-12' };

async function send(url, path, body, cookies) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    // the pages' own origin: the API refuses a state change that names another site
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: url, cookie: cookieHeader(cookies) },
    body: JSON.stringify(body),
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  const json = await response.json();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

const cookieHeader = (cookies) => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** A new visitor who took the quiz and put its starter test in the cart: the `Cookie` header and the result's id. */
export async function visitorWithCart(url) {
  const cookies = new Map();
  const result = await send(url, '/api/quiz-results', { variant: 'quiz', answers, consent: quizConsent }, cookies);
  await send(url, '/api/cart/items', { productCode: 'base-quiz', quizResultId: result.id }, cookies);
  return { cookie: cookieHeader(cookies), quizResultId: result.id };
}
