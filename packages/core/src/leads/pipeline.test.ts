import { describe, expect, it } from 'vitest';
import { canMoveDemoRequest, slugFromCompany } from './pipeline.ts';

describe('the demo requests pipeline', () => {
  it('moves new to contacted to won or lost, and never out of won', () => {
    expect(canMoveDemoRequest('new', 'contacted')).toBe(true);
    expect(canMoveDemoRequest('contacted', 'won')).toBe(true);
    expect(canMoveDemoRequest('contacted', 'lost')).toBe(true);
    expect(canMoveDemoRequest('new', 'won')).toBe(false);
    expect(canMoveDemoRequest('won', 'lost')).toBe(false);
    expect(canMoveDemoRequest('lost', 'contacted')).toBe(true);
  });

  it('makes a group address of a company name', () => {
    expect(slugFromCompany('Acme Corp., Inc.')).toBe('acme-corp-inc');
    expect(slugFromCompany('  Café Ñandú & Sons ')).toBe('cafe-nandu-sons');
    expect(slugFromCompany('A'.repeat(39) + ' B')).toBe('a'.repeat(39));
  });
});
