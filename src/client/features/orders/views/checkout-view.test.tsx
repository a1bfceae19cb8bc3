import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { emptyCheckout, useCartStore } from '../../../lib/cart/cart-store.ts';
import { CheckoutView } from './checkout-view.tsx';

const productId = '00000000-0000-4000-8000-000000000077';

const quote = {
  items: [],
  itemCount: 3,
  subtotal: 3000,
  discount: 0,
  shipping: 0,
  taxes: 0,
  total: 3000,
  discountCode: null,
  currency: 'USD',
  delivery: 'free',
};

/** The payment step of a cart holding 3 units of a product with a maximum per customer. */
function atPayment() {
  useCartStore.setState({
    checkout: {
      ...emptyCheckout,
      activeStep: 2,
      cart: [
        {
          id: productId,
          name: 'Hot drop sneaker',
          coverUrl: null,
          price: 1000,
          colors: [],
          size: null,
          quantity: 3,
          available: 10,
        },
      ],
      subtotal: 3000,
      total: 3000,
      totalItems: 3,
      billing: {
        id: '00000000-0000-4000-8000-000000000078',
        name: 'Ada Lovelace',
        phoneNumber: '+44 20 7946 0000',
        fullAddress: '12 St James Square, London',
        addressType: 'home',
      },
    },
  });
}

function routes(orderAnswer: () => Response) {
  return mockFetch([
    { path: '/api/config', respond: () => jsonResponse({ currency: 'USD' }) },
    {
      path: '/api/orders/payment-methods',
      respond: () => jsonResponse({ methods: [{ id: 'cash', instructions: null, provider: null }] }),
    },
    { method: 'POST', path: '/api/orders/quote', respond: () => jsonResponse({ quote }) },
    { method: 'POST', path: '/api/orders', respond: orderAnswer },
  ]);
}

describe('checkout: the maximum per customer', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
    atPayment();
  });

  it('says which products are over their maximum, with the maximum and what the customer already ordered', async () => {
    routes(() =>
      jsonResponse(
        {
          message:
            'This order would pass the maximum per customer: Hot drop sneaker (at most 2 per customer)',
          code: 'PER_CUSTOMER_LIMIT',
          overLimit: [{ productId, name: 'Hot drop sneaker', max: 2, ordered: 1 }],
        },
        409,
      ),
    );
    renderRoutes([{ path: '/', element: <CheckoutView /> }]);

    await userEvent.click(await screen.findByRole('button', { name: 'Complete order' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This order would go over the maximum per customer for: Hot drop sneaker (at most 2, 1 already in your orders). Lower the quantities and try again.',
    );
    // The cart is kept, to be lowered.
    expect(useCartStore.getState().checkout.cart[0]?.quantity).toBe(3);
  });

  it('without earlier orders names the maximum only', async () => {
    routes(() =>
      jsonResponse(
        {
          message: 'This order would pass the maximum per customer',
          code: 'PER_CUSTOMER_LIMIT',
          overLimit: [{ productId, name: 'Hot drop sneaker', max: 2, ordered: 0 }],
        },
        409,
      ),
    );
    renderRoutes([{ path: '/', element: <CheckoutView /> }]);

    await userEvent.click(await screen.findByRole('button', { name: 'Complete order' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Hot drop sneaker (at most 2).');
  });
});
