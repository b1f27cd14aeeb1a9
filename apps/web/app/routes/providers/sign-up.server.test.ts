import { providerMessages } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { signUpAction } from './sign-up.server';

const form = {
  clinicName: 'Green Valley Clinic',
  clinicType: 'functional_medicine',
  addressLine1: '12 Main Street',
  addressLine2: '',
  city: 'Austin',
  state: 'TX',
  postalCode: '73301',
  npi: '',
  name: 'Ana Green',
  email: 'ana@greenvalley.example',
  password: 'Clinic-passw0rd!',
};
const send = (fields: Record<string, string>, reply: (request: Request) => Response) =>
  callAction(signUpAction, { url: 'http://shop.test/providers/sign-up', fields: { ...form, ...fields }, reply });

describe('the provider sign-up action', () => {
  it('lands a new clinic’s admin in the dashboard with the session the API set', async () => {
    const { location, headers, calls } = await send({}, () =>
      json(201, { outcome: 'created', clinicName: 'Green Valley Clinic' }, { 'set-cookie': 'shop.session_token=new; Path=/' }),
    );
    expect(location).toBe('/providers/dashboard');
    expect(headers.get('set-cookie')).toContain('shop.session_token=new');
    expect(pathOf(calls[0])).toBe('/api/provider-signup');
    expect(await calls[0]!.json()).toMatchObject({ clinicName: 'Green Valley Clinic', requestToJoin: false });
  });

  it('offers to join a clinic that matches, with what was typed but the password', async () => {
    const { answer } = await send({}, () => json(200, { outcome: 'match', clinicName: 'Green Valley Clinic' }));
    expect(answer).toMatchObject({ ok: true, outcome: 'match', clinicName: 'Green Valley Clinic' });
    const values = (answer as { values: Record<string, string> }).values;
    expect(values.email).toBe(form.email);
    expect(values).not.toHaveProperty('password');
  });

  it('sends the request to join when asked', async () => {
    const { answer, calls } = await send({ requestToJoin: 'yes' }, () =>
      json(201, { outcome: 'join_requested', clinicName: 'Green Valley Clinic' }),
    );
    expect(await calls[0]!.json()).toMatchObject({ requestToJoin: true });
    expect(answer).toMatchObject({ ok: true, outcome: 'join_requested' });
  });

  it('says what to fix with core’s messages without calling the API, never echoing the password', async () => {
    const { answer, status, calls } = await send({ npi: '1234567890', clinicName: '' }, () => json(500, {}));
    expect(status).toBe(400);
    expect(calls).toHaveLength(0);
    expect(answer).toMatchObject({ ok: false, errors: { npi: providerMessages.npi, clinicName: providerMessages.clinicName } });
    expect(JSON.stringify(answer)).not.toContain(form.password);
  });

  it('shows the API’s refusal', async () => {
    const { answer } = await send({}, () => json(409, { code: 'ACCOUNT_EXISTS', message: providerMessages.accountExists }));
    expect(answer).toMatchObject({ ok: false, message: providerMessages.accountExists });
  });
});
