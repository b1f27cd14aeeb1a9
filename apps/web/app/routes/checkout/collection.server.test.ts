import { describe, expect, it } from 'vitest';
import { LAB_NOT_AVAILABLE_IN_NY, messages } from '@shop/core';
import { callAction } from '../../lib/action-test-kit';
import { collectionAction } from './collection.server';

/** The action as React Router calls it: a form posted to /collection?order=o-1, and an in-process API that answers `reply`. */
async function send(fields: Record<string, string>, reply: (request: Request) => Response) {
  const result = await callAction(collectionAction, { url: 'http://shop.test/collection?order=o-1', fields, cookie: 'session=s', reply });
  return { ...result, redirect: result.location };
}

const json = (status: number, body: unknown) => Response.json(body, { status });
const lab = {
  id: 'lab-1',
  name: 'Partner Lab – Downtown Austin',
  address: '1 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  distanceMiles: 1.2,
};
const labs = () => json(200, { labs: [lab] });
const home = {
  _form: 'collection',
  method: 'home',
  fullName: 'Ann Lee',
  shippingAddress: '410 Congress Ave',
  apartmentNumber: '',
  city: 'Austin',
  zipCode: '78701',
  phone: '',
};

describe('the collection choice’s action', () => {
  it('refuses a zip code that is none, and New York, before asking for labs', async () => {
    const malformed = await send({ _form: 'labs', labZip: '787' }, labs);
    expect(malformed).toMatchObject({
      status: 400,
      answer: { ok: false, form: 'labs', errors: { labZip: messages.collectionZip }, values: { labZip: '787' } },
    });
    const newYork = await send({ _form: 'labs', labZip: '10001' }, labs);
    expect(newYork.answer).toMatchObject({ errors: { labZip: LAB_NOT_AVAILABLE_IN_NY } });
    expect([...malformed.calls, ...newYork.calls]).toEqual([]);
  });

  it('finds the labs near a zip code', async () => {
    const { answer, calls } = await send({ _form: 'labs', labZip: ' 78702 ' }, labs);
    expect(answer).toEqual({ ok: true, form: 'labs', message: '', labs: [lab], labZip: '78702' });
    expect(new URL(calls[0]!.url).search).toBe('?zip=78702');
  });

  it('checks a home choice with core’s schema and gives back what was typed', async () => {
    const { answer, status, calls } = await send({ ...home, fullName: '', city: 'A' }, () => json(201, {}));
    expect(status).toBe(400);
    expect(answer).toEqual({
      ok: false,
      form: 'collection',
      errors: { fullName: messages.collectionName, city: messages.collectionCity },
      values: {
        method: 'home',
        fullName: '',
        shippingAddress: '410 Congress Ave',
        apartmentNumber: '',
        city: 'A',
        zipCode: '78701',
        phone: '',
      },
    });
    expect(calls).toEqual([]);
  });

  it('shows a refused lab choice with its labs again, the error under the lab’s zip code', async () => {
    const noLab = await send({ _form: 'collection', method: 'lab', labZip: '78702' }, labs);
    expect(noLab.answer).toMatchObject({ ok: false, errors: { labLocationId: 'Please choose a lab' }, labs: [lab], labZip: '78702' });
    const noZip = await send({ _form: 'collection', method: 'lab', labZip: '', labLocationId: 'lab-1' }, labs);
    expect(noZip.answer).toMatchObject({ errors: { labZip: messages.collectionZip } });
    expect(noZip.calls).toEqual([]);
  });

  it('records the choice on the order as the visitor, then goes on to the thanks page', async () => {
    const { redirect, calls } = await send(home, () => json(201, { order: {} }));
    expect(redirect).toBe('/thanks?order=o-1');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(new URL(calls[0]!.url).pathname).toBe('/api/orders/o-1/collection');
    expect(calls[0]!.headers.get('cookie')).toBe('session=s');
    expect(await calls[0]!.json()).toEqual({
      method: 'home',
      fullName: 'Ann Lee',
      shippingAddress: '410 Congress Ave',
      apartmentNumber: '',
      city: 'Austin',
      zipCode: '78701',
      phone: '',
    });
  });

  it('sends the visitor back to the page, which shows the choice locked, when it was made already', async () => {
    const locked = 'You have selected: Lab Pick-Up. This choice can only be changed by messaging support.';
    const { redirect } = await send(home, () => json(409, { code: 'COLLECTION_ALREADY_CHOSEN', message: locked }));
    expect(redirect).toBe('/collection?order=o-1');
  });

  it('sends the visitor back to the page, which says what happens next, when the order needs no sample', async () => {
    const { redirect } = await send(home, () => json(409, { code: 'NO_SAMPLE_NEEDED', message: 'Nothing in this order needs a sample.' }));
    expect(redirect).toBe('/collection?order=o-1');
  });

  it('says the API’s refusal of a lab in its own words, with the labs to choose from', async () => {
    const { answer } = await send({ _form: 'collection', method: 'lab', labZip: '78702', labLocationId: 'gone' }, (request) =>
      request.method === 'POST' ? json(400, { code: 'UNKNOWN_LAB', message: 'Please choose a lab from the list.' }) : labs(),
    );
    expect(answer).toMatchObject({ ok: false, message: 'Please choose a lab from the list.', labs: [lab] });
  });
});
