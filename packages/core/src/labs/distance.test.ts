import { describe, expect, it } from 'vitest';
import { greatCircleMiles, nearestLabs, roundMiles, type GeoPoint } from './distance.ts';

// Airport reference points, with the great-circle distances the US Bureau of Transportation
// Statistics publishes for each route (statute miles).
const airports = {
  JFK: { latitude: 40.6398, longitude: -73.7789 },
  LAX: { latitude: 33.9425, longitude: -118.4081 },
  ORD: { latitude: 41.9786, longitude: -87.9048 },
  ATL: { latitude: 33.6367, longitude: -84.4281 },
  SEA: { latitude: 47.449, longitude: -122.3093 },
  MIA: { latitude: 25.7932, longitude: -80.2906 },
  SFO: { latitude: 37.619, longitude: -122.3749 },
} satisfies Record<string, GeoPoint>;

describe('great-circle distance', () => {
  it.each([
    ['JFK', 'LAX', 2475],
    ['ORD', 'ATL', 606],
    ['SEA', 'MIA', 2724],
    ['SFO', 'JFK', 2586],
  ] as const)('%s to %s is %i miles, within 1%%', (from, to, published) => {
    const miles = greatCircleMiles(airports[from], airports[to]);
    expect(Math.abs(miles - published) / published).toBeLessThan(0.01);
  });

  it('is the same both ways and zero from a point to itself', () => {
    expect(greatCircleMiles(airports.ORD, airports.ATL)).toBeCloseTo(greatCircleMiles(airports.ATL, airports.ORD), 9);
    expect(greatCircleMiles(airports.SEA, airports.SEA)).toBe(0);
  });

  it('measures short hops: one minute of latitude is a nautical mile', () => {
    const north = { latitude: 40 + 1 / 60, longitude: -100 };
    expect(greatCircleMiles({ latitude: 40, longitude: -100 }, north)).toBeCloseTo(1.1508, 2);
  });

  it('stays finite for points on opposite sides of the Earth', () => {
    const miles = greatCircleMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 });
    expect(miles).toBeCloseTo(Math.PI * 3958.8, 3);
  });
});

describe('rounding to one decimal', () => {
  it.each([
    [0.04, 0],
    [0.05, 0.1],
    [12.349, 12.3],
    [12.35, 12.4],
    [2469.48, 2469.5],
  ])('%f miles shows as %f', (miles, shown) => {
    expect(roundMiles(miles)).toBe(shown);
  });
});

describe('nearest labs', () => {
  const lab = (id: string, zipCode: string, at: GeoPoint) => ({ id, zipCode, ...at });
  const austin = { latitude: 30.2669, longitude: -97.7428 };
  const labs = [
    lab('seattle', '98109', { latitude: 47.6223, longitude: -122.3341 }),
    lab('manhattan', '10001', { latitude: 40.7506, longitude: -73.9973 }),
    lab('austin-north', '78753', { latitude: 30.3668, longitude: -97.6934 }),
    lab('austin-downtown', '78701', austin),
    lab('dallas', '75201', { latitude: 32.7876, longitude: -96.7994 }),
    lab('jersey-city', '07302', { latitude: 40.7178, longitude: -74.0431 }),
    lab('philadelphia', '19103', { latitude: 39.9526, longitude: -75.1652 }),
    lab('el-paso', '79901', { latitude: 31.7587, longitude: -106.4869 }),
  ];

  it('orders labs by distance and gives each its miles', () => {
    const found = nearestLabs(austin, labs, 3);
    expect(found.map((row) => row.id)).toEqual(['austin-downtown', 'austin-north', 'dallas']);
    expect(found[0]!.distanceMiles).toBe(0);
    expect(found[1]!.distanceMiles).toBeCloseTo(7.5, 0);
    expect(found[2]!.distanceMiles).toBeGreaterThan(180);
    expect(found[2]!.distanceMiles).toBeLessThan(190);
  });

  it('never offers a lab in New York or New Jersey, however near', () => {
    const manhattan = { latitude: 40.7506, longitude: -73.9973 };
    const found = nearestLabs(manhattan, labs, 2);
    expect(found.map((row) => row.id)).toEqual(['philadelphia', 'dallas']);
  });

  it('offers five labs unless told otherwise, and all when there are fewer', () => {
    expect(nearestLabs(austin, labs)).toHaveLength(5);
    expect(nearestLabs(austin, labs.slice(0, 2))).toHaveLength(1);
  });
});
