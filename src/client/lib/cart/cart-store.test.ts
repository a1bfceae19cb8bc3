import { beforeEach, describe, expect, it } from 'vitest';

import { emptyCheckout, useCartStore, type CartItem } from './cart-store.ts';

const item = (id: string, price: number, colors: string[], available = 5): CartItem => ({
  id,
  name: id,
  coverUrl: null,
  price,
  colors,
  size: null,
  quantity: 1,
  available,
});

const checkout = () => useCartStore.getState().checkout;

describe('the cart (spec §4 "Checkout and cart")', () => {
  beforeEach(() => useCartStore.setState({ sortBy: 'featured', checkout: emptyCheckout }));

  it('keeps items unique by id: adding one again merges its colours and raises its quantity by 1', () => {
    const { addToCart } = useCartStore.getState();
    addToCart(item('jeans', 8900, ['#000000']));
    addToCart(item('jeans', 8900, ['#FF4842']));
    addToCart(item('tee', 1900, ['#FFFFFF']));
    expect(checkout().cart).toHaveLength(2);
    expect(checkout().cart[0]).toMatchObject({ id: 'jeans', quantity: 2, colors: ['#000000', '#FF4842'] });
    // subtotal = Σ price × quantity; total = subtotal − discount + shipping.
    expect(checkout()).toMatchObject({ subtotal: 2 * 8900 + 1900, total: 2 * 8900 + 1900, totalItems: 3 });
    useCartStore.getState().applyDiscount(500);
    useCartStore.getState().applyShipping(1000);
    expect(checkout().total).toBe(2 * 8900 + 1900 - 500 + 1000);
  });

  it('raises and lowers a quantity by 1, never below 1 nor above the stock; removes; resets to step 0', () => {
    const store = useCartStore.getState();
    store.addToCart(item('bag', 6900, [], 2));
    store.decreaseQuantity('bag');
    expect(checkout().cart[0]!.quantity).toBe(1);
    store.increaseQuantity('bag');
    store.increaseQuantity('bag');
    expect(checkout().cart[0]!.quantity).toBe(2);
    store.nextStep();
    store.nextStep();
    store.backStep();
    store.gotoStep(2);
    expect(checkout().activeStep).toBe(2);
    store.removeFromCart('bag');
    expect(checkout()).toMatchObject({ cart: [], subtotal: 0, totalItems: 0 });
    store.addToCart(item('tee', 1900, []));
    store.resetCart();
    expect(checkout()).toEqual(emptyCheckout);
  });

  it('keeps the sort and the checkout in localStorage under the redux- prefix', () => {
    useCartStore.getState().setSortBy('priceAsc');
    useCartStore.getState().addToCart(item('tee', 1900, ['#FFFFFF']));
    const saved = JSON.parse(localStorage.getItem('redux-product') ?? '{}') as {
      state: { sortBy: string; checkout: { cart: unknown[] } };
    };
    expect(saved.state.sortBy).toBe('priceAsc');
    expect(saved.state.checkout.cart).toHaveLength(1);
  });
});
