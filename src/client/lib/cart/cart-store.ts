import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A line of the cart (spec §2: id, price, quantity, colors), with what the pages show of it. */
export type CartItem = {
  id: string;
  name: string;
  coverUrl: string | null;
  /** Cents, as shown when added; the server prices the order again. */
  price: number;
  colors: string[];
  size: string | null;
  quantity: number;
  /** Units in stock when added: the quantity never goes above it. */
  available: number;
};

export type Billing = {
  /** The address book's entry the order is sent to. */
  id: string;
  name: string;
  phoneNumber: string;
  fullAddress: string;
  addressType: string;
};

export type Checkout = {
  activeStep: number;
  cart: CartItem[];
  subtotal: number;
  total: number;
  discount: number;
  shipping: number;
  billing: Billing | null;
  totalItems: number;
  /** The code the discount came from (the server checks it again when the order is placed). */
  discountCode: string | null;
  /** The delivery option chosen (its price is `shipping`). */
  delivery: 'free' | 'standard' | 'express';
};

export const emptyCheckout: Checkout = {
  activeStep: 0,
  cart: [],
  subtotal: 0,
  total: 0,
  discount: 0,
  shipping: 0,
  billing: null,
  totalItems: 0,
  discountCode: null,
  delivery: 'free',
};

/** The shop's sorts (the product slice's `sortBy`). */
export type SortBy = 'featured' | 'newest' | 'priceDesc' | 'priceAsc';

type ProductState = {
  sortBy: SortBy;
  checkout: Checkout;
  setSortBy: (sortBy: SortBy) => void;
  addToCart: (item: CartItem) => void;
  removeFromCart: (id: string) => void;
  increaseQuantity: (id: string) => void;
  decreaseQuantity: (id: string) => void;
  resetCart: () => void;
  nextStep: () => void;
  backStep: () => void;
  gotoStep: (step: number) => void;
  applyDiscount: (discount: number, code?: string | null) => void;
  applyShipping: (shipping: number, delivery?: Checkout['delivery']) => void;
  setBilling: (billing: Billing | null) => void;
};

/** Subtotal (Σ price × quantity), total (subtotal − discount + shipping) and the item count follow the cart. */
function withTotals(checkout: Checkout): Checkout {
  const subtotal = checkout.cart.reduce((sum, item) => sum + item.price * item.quantity, 0);
  return {
    ...checkout,
    subtotal,
    total: subtotal - checkout.discount + checkout.shipping,
    totalItems: checkout.cart.reduce((sum, item) => sum + item.quantity, 0),
  };
}

/**
 * The product slice of the spec (§4 "Checkout and cart"): the shop's sort and the checkout (step, cart,
 * billing, discount, shipping). It lives in `lib/` because two features use it: products (the shop and a
 * product's page add to the cart, the cart drawer edits it) and orders (the checkout reads it and places the
 * order); features never import each other (ADR 038). Only these two parts are kept in localStorage, under `redux-product` (the
 * spec's `redux-` prefix), so the cart survives a reload.
 */
export const useCartStore = create<ProductState>()(
  persist(
    (set) => {
      const update = (change: (checkout: Checkout) => Checkout) =>
        set((state) => ({ checkout: withTotals(change(state.checkout)) }));
      return {
        sortBy: 'featured',
        checkout: emptyCheckout,
        setSortBy: (sortBy) => set({ sortBy }),
        // Unique by id: adding one already there merges its colours and raises its quantity by 1.
        addToCart: (item) =>
          update((checkout) => {
            const existing = checkout.cart.find((line) => line.id === item.id);
            const cart = existing
              ? checkout.cart.map((line) =>
                  line.id === item.id
                    ? {
                        ...line,
                        colors: [...new Set([...line.colors, ...item.colors])],
                        quantity: line.quantity + 1,
                      }
                    : line,
                )
              : [...checkout.cart, item];
            return { ...checkout, cart };
          }),
        removeFromCart: (id) =>
          update((checkout) => ({ ...checkout, cart: checkout.cart.filter((line) => line.id !== id) })),
        increaseQuantity: (id) =>
          update((checkout) => ({
            ...checkout,
            cart: checkout.cart.map((line) =>
              line.id === id
                ? { ...line, quantity: Math.min(line.quantity + 1, Math.max(line.available, 1)) }
                : line,
            ),
          })),
        decreaseQuantity: (id) =>
          update((checkout) => ({
            ...checkout,
            cart: checkout.cart.map((line) =>
              line.id === id ? { ...line, quantity: Math.max(line.quantity - 1, 1) } : line,
            ),
          })),
        resetCart: () => set({ checkout: emptyCheckout }),
        nextStep: () => update((checkout) => ({ ...checkout, activeStep: checkout.activeStep + 1 })),
        backStep: () =>
          update((checkout) => ({ ...checkout, activeStep: Math.max(checkout.activeStep - 1, 0) })),
        gotoStep: (step) => update((checkout) => ({ ...checkout, activeStep: Math.max(step, 0) })),
        applyDiscount: (discount, code = null) =>
          update((checkout) => ({ ...checkout, discount, discountCode: discount > 0 ? code : null })),
        applyShipping: (shipping, delivery) =>
          update((checkout) => ({ ...checkout, shipping, delivery: delivery ?? checkout.delivery })),
        setBilling: (billing) => update((checkout) => ({ ...checkout, billing })),
      };
    },
    {
      name: 'redux-product',
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ sortBy: state.sortBy, checkout: state.checkout }),
      version: 2,
      // Carts saved by the first version lack the newer fields: they start from the empty checkout's.
      migrate: (saved) => {
        const state = saved as { sortBy?: SortBy; checkout?: Partial<Checkout> };
        return {
          sortBy: state.sortBy ?? 'featured',
          checkout: { ...emptyCheckout, ...state.checkout },
        } as ProductState;
      },
    },
  ),
);
