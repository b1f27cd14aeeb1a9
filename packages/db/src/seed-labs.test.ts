import { isNewYorkZip, nearestLabs } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { sampleLabLocations, sampleLabs } from './seed-labs.ts';
import { zipCentroid } from './zip-centroids.ts';

describe('ZIP centroids', () => {
  it('places a ZIP code at the middle of its area', () => {
    const beverlyHills = zipCentroid('90210');
    expect(beverlyHills?.latitude).toBeCloseTo(34.1, 1);
    expect(beverlyHills?.longitude).toBeCloseTo(-118.41, 1);
  });

  it('knows nothing of a ZIP code that has no area', () => {
    expect(zipCentroid('00000')).toBeUndefined();
    expect(zipCentroid('99999')).toBeUndefined();
    expect(zipCentroid('7870')).toBeUndefined();
  });
});

describe('the sample partner labs', () => {
  const rows = sampleLabLocations();

  it('are a realistic spread: 30 to 60 sites in many states, each id once', () => {
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.length).toBeLessThanOrEqual(60);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.state)).size).toBeGreaterThanOrEqual(40);
  });

  it('sit at their own ZIP code’s centroid, none in New York', () => {
    for (const [index, row] of rows.entries()) {
      expect(row.zipCode).toBe(sampleLabs[index]!.zipCode);
      expect(row).toMatchObject(zipCentroid(row.zipCode)!);
      expect(isNewYorkZip(row.zipCode), row.id).toBe(false);
      expect(row.state).not.toBe('NY');
    }
  });

  // a customer anywhere in the country finds a lab within a half day's drive
  it.each([
    ['Seattle', '98101', 'lab-seattle-slu'],
    ['Miami Beach', '33139', 'lab-miami-brickell'],
    ['Bangor, Maine', '04401', 'lab-portland-me'],
    ['Bismarck, North Dakota', '58501', 'lab-fargo'],
    ['Amarillo, Texas', '79101', 'lab-oklahoma-city'],
    ['Spokane, Washington', '99201', 'lab-seattle-slu'],
    ['Wasilla, Alaska', '99654', 'lab-anchorage'],
    ['Hilo, Hawaii', '96720', 'lab-honolulu'],
  ])('from %s (%s) the nearest is %s', (_place, zip, nearest) => {
    const [first] = nearestLabs(zipCentroid(zip)!, rows, 1);
    expect(first?.id).toBe(nearest);
    expect(first!.distanceMiles).toBeLessThan(300);
  });
});
