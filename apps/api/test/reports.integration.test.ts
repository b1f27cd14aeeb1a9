import { tests } from '@shop/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../src/plugins/error-handler.ts';
import { reportRoutes } from '../src/reports/routes.ts';
import { readPdf } from './pdf-text.ts';

// the routes need no database, so a small app of their own stands in for the shop's /api scope
let app: FastifyInstance;
beforeAll(async () => {
  const instance = Fastify().withTypeProvider<ZodTypeProvider>();
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  await instance.register(errorHandler);
  await instance.register(reportRoutes, { prefix: '/api' });
  await instance.ready();
  app = instance;
});
afterAll(() => app.close());

describe('sample results report', () => {
  it.each(tests.map((test) => [test.title, test] as const))('is a PDF download for the %s', async (_title, test) => {
    const response = await app.inject({ method: 'GET', url: `/api/reports/sample-results/${test.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="base-sample-results-${test.slug}.pdf"`);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const body = response.rawPayload;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pdf = await readPdf(body);
    expect(pdf.pages).toBeGreaterThanOrEqual(1);
    expect(pdf.info.Title).toContain(test.title);
    expect(pdf.info.Author).toBe('Base');
    expect(pdf.info.Subject).toBeTruthy();
    // a PDF date: D:YYYYMMDDHHmmSS
    expect(pdf.info.CreationDate).toMatch(/^D:\d{14}/);
    expect(pdf.text[0]).toContain('SAMPLE REPORT · example values, not your results');
    expect(pdf.text.join('\n')).toContain('What happens next');
  });

  it('answers an unknown test with a 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/reports/sample-results/999999' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ code: 'TEST_NOT_FOUND', message: 'We could not find this test.' });
  });

  it.each(['abc', '0', '-3', '1.5'])('refuses the test id %s with a 400', async (testId) => {
    const response = await app.inject({ method: 'GET', url: `/api/reports/sample-results/${testId}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
