import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { reportPdf } from '../../test/handmade-pdf.ts';
import { deflatedSpaces, objectStreamBomb } from '../../test/pdf-bombs.ts';
import { measureInflated, PDF_INFLATE_BUDGET_BYTES } from './inspect-inflate.ts';

const MB = 1024 * 1024;

/** A file of indirect objects, each a stream with the given dictionary entries and data. */
function streams(...objects: Array<{ entries: string; data: Buffer }>): Buffer {
  const parts = objects.flatMap(({ entries, data }, index) => [
    Buffer.from(`${index + 1} 0 obj\n<< ${entries} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), ...parts, Buffer.from('%%EOF\n')]);
}

describe('measureInflated', () => {
  it('counts what a document’s FlateDecode streams inflate to, its object streams included', async () => {
    const verdict = await measureInflated(reportPdf('Ferritin 12 ng/mL', { objectStream: true }));
    expect(verdict.ok).toBe(true);
    expect(verdict.ok && verdict.inflated).toBeGreaterThan(100);
  });

  it('refuses a file whose streams inflate past the budget: the object stream bomb of a few hundred KB', async () => {
    const bomb = await objectStreamBomb(400);
    expect(bomb.length).toBeLessThan(1 * MB);
    expect(await measureInflated(bomb)).toEqual({ ok: false, reason: 'overBudget' });
    // the same stream under a budget it fits is measured to the byte: header, spaces and `null`
    const small = await objectStreamBomb(3);
    const verdict = await measureInflated(small, 4 * MB);
    expect(verdict.ok).toBe(true);
    expect(verdict.ok && verdict.inflated).toBeGreaterThan(3 * MB + 'null'.length);
    expect(await measureInflated(small, 3 * MB)).toEqual({ ok: false, reason: 'overBudget' });
    expect(PDF_INFLATE_BUDGET_BYTES).toBe(50 * MB);
  });

  it('adds the streams of the whole file together', async () => {
    const data = await deflatedSpaces(1);
    const two = streams({ entries: '/Filter /FlateDecode', data }, { entries: '/Filter /FlateDecode', data });
    expect(await measureInflated(two, 1.5 * MB)).toEqual({ ok: false, reason: 'overBudget' });
    expect(await measureInflated(two, 2 * MB)).toEqual({ ok: true, inflated: 2 * MB });
  });

  it('sees through the disguises the parser undoes: escaped names, chained layers, a length by reference', async () => {
    const data = await deflatedSpaces(2);
    const escaped = streams({ entries: `/Type /Obj#53tm /Filter /Fl#61teDecode /Length ${data.length}`, data });
    expect(await measureInflated(escaped, MB)).toEqual({ ok: false, reason: 'overBudget' });
    // deflated twice: the outer layer alone inflates to a few KB
    const twice = streams({ entries: '/Filter [/FlateDecode /FlateDecode]', data: deflateSync(data) });
    expect(await measureInflated(twice, MB)).toEqual({ ok: false, reason: 'overBudget' });
    // with no length to trust, the data runs to the `endstream` that balances the `stream`
    // keywords inside it, as the parser reads it: here the keywords sit in a stored block first
    const keywords = deflateRawSync('stream endstream', { level: 0, finishFlush: constants.Z_SYNC_FLUSH });
    const hidden = Buffer.concat([Buffer.from([0x78, 0x9c]), keywords, deflateRawSync(Buffer.alloc(2 * MB, 0x20))]);
    expect(hidden.includes('endstream')).toBe(true);
    const byReference = streams({ entries: '/Filter /FlateDecode /Length 9 0 R', data: hidden });
    expect(await measureInflated(byReference, MB)).toEqual({ ok: false, reason: 'overBudget' });
  });

  it('counts a damaged stream as far as it inflates', async () => {
    const data = await deflatedSpaces(4);
    const cut = streams({ entries: '/Filter /FlateDecode', data: data.subarray(0, Math.floor(data.length / 2)) });
    expect(await measureInflated(cut, MB)).toEqual({ ok: false, reason: 'overBudget' });
  });

  it('refuses a stream it cannot measure, and leaves a photo’s stream to the viewer', async () => {
    const data = await deflatedSpaces(1);
    for (const entries of [
      '/Filter 9 0 R',
      '/Filter [/ASCIIHexDecode /FlateDecode]',
      '/Type /ObjStm /Filter /LZWDecode',
      '/Type /XRef /Filter [/RunLengthDecode]',
      '/Type 9 0 R /Filter /FlateDecode',
    ]) {
      expect(await measureInflated(streams({ entries, data }), 2 * MB), entries).toEqual({ ok: false, reason: 'unmeasured' });
    }
    expect(await measureInflated(streams({ entries: '/Subtype /Image /Filter /DCTDecode', data }), 2 * MB)).toEqual({
      ok: true,
      inflated: 0,
    });
  });
});
