import { greatCircleMiles, LAB_NOT_AVAILABLE_IN_NY, roundMiles } from '@shop/core';
import { labLocations, zipCentroid } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, Visitor, type TestShop } from './helpers.ts';

let shop: TestShop;
let visitor: Visitor;
beforeAll(async () => {
  shop = await createTestShop();
  visitor = new Visitor(shop.app);
});
afterAll(() => shop.close());

interface FoundLab {
  id: string;
  city: string;
  state: string;
  zipCode: string;
  distanceMiles: number;
}

async function search(zip: string): Promise<FoundLab[]> {
  const response = await visitor.get(`/api/labs?zip=${zip}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().labs;
}

describe('partner labs by distance', () => {
  it('offers the five labs nearest to the ZIP code, nearest first, with miles', async () => {
    const labs = await search('78702');
    expect(labs.map((lab) => lab.id)).toEqual([
      'lab-austin-downtown',
      'lab-austin-north',
      'lab-san-antonio',
      'lab-houston-midtown',
      'lab-dallas-uptown',
    ]);
    const distances = labs.map((lab) => lab.distanceMiles);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // one decimal, and the great-circle distance between the two ZIP centroids
    const from = zipCentroid('78702')!;
    for (const lab of labs) {
      expect(lab.distanceMiles).toBe(roundMiles(greatCircleMiles(from, zipCentroid(lab.zipCode)!)));
      expect(Math.round(lab.distanceMiles * 10)).toBe(lab.distanceMiles * 10);
    }
    expect(distances[0]).toBeLessThan(5);
    expect(distances[2]).toBeGreaterThan(60);
    expect(distances[2]).toBeLessThan(90);
  });

  it.each([
    ['90210', 'lab-la-westwood', 'Los Angeles'],
    ['98052', 'lab-seattle-slu', 'Seattle'],
    ['02139', 'lab-boston-back-bay', 'Boston'],
    ['96815', 'lab-honolulu', 'Honolulu'],
    ['59715', 'lab-billings', 'Billings'],
  ])('from %s the nearest is %s', async (zip, id, city) => {
    const [nearest] = await search(zip);
    expect(nearest).toMatchObject({ id, city });
  });

  it('refuses a well-formed ZIP code it cannot place, as it does a malformed one', async () => {
    for (const zip of ['00000', '99999', 'abcde', '7870']) {
      const response = await visitor.get(`/api/labs?zip=${zip}`);
      expect(response.statusCode, zip).toBe(400);
      expect(response.json().message).toBe('Enter a valid zipcode or send us a message');
    }
    expect((await visitor.get('/api/labs?zip=00000')).json().code).toBe('ZIP_CODE_UNKNOWN');
  });

  it('refuses New York ZIP codes with the New York message', async () => {
    for (const zip of ['10001', '11201', '14604']) {
      const response = await visitor.get(`/api/labs?zip=${zip}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'LAB_NOT_AVAILABLE', message: LAB_NOT_AVAILABLE_IN_NY });
    }
  });

  it('refuses New Jersey ZIP codes with why', async () => {
    const response = await visitor.get('/api/labs?zip=07030');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'LAB_NOT_AVAILABLE', message: expect.stringContaining('New Jersey') });
  });

  it('never offers a lab in New York or New Jersey, even the nearest one', async () => {
    const manhattan = zipCentroid('10018')!;
    await shop.database.db.insert(labLocations).values({
      id: 'lab-test-manhattan',
      name: 'Partner Lab – Garment District',
      address: '500 7th Ave',
      city: 'New York',
      state: 'NY',
      zipCode: '10018',
      ...manhattan,
    });
    // from Philadelphia, Manhattan and Jersey City are nearer than every lab but Philadelphia's own
    const labs = await search('19103');
    expect(labs).toHaveLength(5);
    expect(labs.map((lab) => lab.id)).not.toContain('lab-test-manhattan');
    expect(labs.map((lab) => lab.id)).not.toContain('lab-jersey-city');
    expect(labs.every((lab) => lab.state !== 'NY' && lab.state !== 'NJ')).toBe(true);
    expect(labs[0]).toMatchObject({ id: 'lab-philadelphia' });
  });
});
