import { describe, expect, it } from 'vitest';

import { sentFields } from './fields.ts';

describe('sentFields', () => {
  it('keeps the fields a request sent, null and false included, and drops the undefined ones', () => {
    expect(sentFields({ name: 'A', email: undefined, phone: null, active: false, count: 0 })).toEqual({
      name: 'A',
      phone: null,
      active: false,
      count: 0,
    });
    expect(Object.keys(sentFields({ a: undefined }))).toEqual([]);
  });
});
