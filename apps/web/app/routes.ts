import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('quiz', 'routes/quiz.tsx'),
  route('quiz-results', 'routes/quiz-results.tsx'),
  route('checkout-payment', 'routes/checkout-payment.tsx'),
  route('successful-payment', 'routes/successful-payment.tsx'),
  route('collection', 'routes/collection.tsx'),
  route('thanks', 'routes/thanks.tsx'),
  route('account', 'routes/account.tsx'),
  route('sign-in', 'routes/sign-in.tsx'),
  route('admin', 'routes/admin.tsx'),
  route('not-found', 'routes/not-found.tsx'),
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;
