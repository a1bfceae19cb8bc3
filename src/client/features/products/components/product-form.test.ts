import { describe, expect, it } from 'vitest';

import { createProductInput, type Product } from '#shared/contract/products.ts';

import { productFormValues, toProductPayload } from './product-form.tsx';

const filled = () => ({
  ...productFormValues(),
  name: 'Console X',
  sku: 'CONSOLE-X',
  price: '499',
  category: 'Shirts',
  colors: ['#000000'],
  gender: ['Men'],
});

describe('product form: the maximum per customer', () => {
  it('is empty for a new product and sent as null (no maximum)', () => {
    const values = filled();
    expect(values.maxPerCustomer).toBe('');
    const payload = toProductPayload(values);
    expect(payload.maxPerCustomer).toBeNull();
    expect(createProductInput.safeParse(payload).success).toBe(true);
  });

  it('shows a product’s maximum and sends what is typed as a number', () => {
    const product = {
      name: 'Console X',
      price: 49_900,
      priceSale: null,
      quantity: 5,
      newLabel: { enabled: false, content: 'NEW' },
      saleLabel: { enabled: false, content: 'SALE' },
      imageFiles: [],
    } as unknown as Product;
    expect(productFormValues({ ...product, maxPerCustomer: 2 }).maxPerCustomer).toBe('2');
    expect(productFormValues({ ...product, maxPerCustomer: null }).maxPerCustomer).toBe('');
    expect(toProductPayload({ ...filled(), maxPerCustomer: ' 3 ' }).maxPerCustomer).toBe(3);
  });

  it('refuses 0 or a fraction with the translated message key', () => {
    for (const typed of ['0', '1.5', '-2']) {
      const result = createProductInput.safeParse(toProductPayload({ ...filled(), maxPerCustomer: typed }));
      expect(result.success, typed).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
        'maxPerCustomer',
        'validation.maxPerCustomerInvalid',
      ]);
    }
  });
});
