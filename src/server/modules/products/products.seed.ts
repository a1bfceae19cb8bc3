import sharp from 'sharp';

import {
  DEFAULT_NEW_LABEL,
  DEFAULT_SALE_LABEL,
  productCategoryTree,
  productColors,
  type ProductCategory,
  type ProductColor,
  type ProductGender,
  type ProductSize,
} from '#shared/contract/products-limits.ts';

import type { Db } from '../../db/client.ts';
import { files, productImages, productReviews, products } from '../../db/schema/index.ts';
import { seededFileName, writeUpload } from '../../db/seed/avatars.ts';
import { createRandom } from '../../db/seed/random.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { slugify } from './products.service.ts';

export interface ProductsSeedOptions {
  /** Who uploaded the pictures (the demo admin). */
  adminId: string;
  /** Active demo users who write the reviews. */
  reviewerIds: string[];
  /** Where the drawn pictures are written; without it products have no images. */
  uploadsDir?: string | undefined;
}

const DAY = 86_400_000;
/** The catalog's own seed: the same products whatever the other demo data drew before them. */
const SEED = 20_260_313;
export const PRODUCT_PICTURE_SIZE = 480;

/** The silhouette drawn for each sub-category. */
type Shape = 'shirt' | 'tee' | 'jacket' | 'trousers' | 'shoe' | 'bag' | 'bracelet' | 'mask';
const SHAPES: Record<ProductCategory, Shape> = {
  Shirts: 'shirt',
  'T-shirts': 'tee',
  Jeans: 'trousers',
  Leather: 'jacket',
  Suits: 'jacket',
  Blazers: 'jacket',
  Trousers: 'trousers',
  Waistcoats: 'shirt',
  Shoes: 'shoe',
  'Backpacks and bags': 'bag',
  Bracelets: 'bracelet',
  'Face masks': 'mask',
};

/** SVG drawings on a 480 × 480 canvas, in the garment's colour with a darker outline. */
const DRAWINGS: Record<Shape, (fill: string) => string> = {
  tee: (fill) =>
    `<path d="M150 110 L200 90 Q240 120 280 90 L330 110 L400 170 L360 215 L325 190 L325 390 L155 390 L155 190 L120 215 L80 170 Z" fill="${fill}"/>`,
  shirt: (fill) =>
    `<path d="M160 100 L205 85 L240 130 L275 85 L320 100 L395 180 L360 220 L330 195 L330 395 L150 395 L150 195 L120 220 L85 180 Z" fill="${fill}"/>` +
    `<path d="M240 130 L240 395" stroke="rgba(0,0,0,0.25)" stroke-width="4"/>` +
    [170, 215, 260, 305, 350]
      .map((y) => `<circle cx="252" cy="${y}" r="5" fill="rgba(0,0,0,0.3)"/>`)
      .join(''),
  jacket: (fill) =>
    `<path d="M150 95 L205 80 L240 150 L275 80 L330 95 L405 185 L410 380 L360 380 L355 215 L335 200 L335 400 L145 400 L145 200 L125 215 L120 380 L70 380 L75 185 Z" fill="${fill}"/>` +
    `<path d="M205 80 L225 220 L240 150 L255 220 L275 80" fill="rgba(0,0,0,0.18)"/>` +
    `<path d="M240 150 L240 400" stroke="rgba(0,0,0,0.3)" stroke-width="4"/>`,
  trousers: (fill) =>
    `<path d="M160 70 L320 70 L340 410 L262 410 L240 170 L218 410 L140 410 Z" fill="${fill}"/>` +
    `<path d="M160 70 L320 70 L322 100 L158 100 Z" fill="rgba(0,0,0,0.2)"/>`,
  shoe: (fill) =>
    `<path d="M70 300 Q80 200 150 190 L200 190 Q230 240 300 250 L380 265 Q420 275 420 320 L420 340 L70 340 Z" fill="${fill}"/>` +
    `<rect x="66" y="336" width="358" height="26" rx="12" fill="rgba(0,0,0,0.55)"/>` +
    [215, 240, 265]
      .map((x) => `<path d="M${x} 215 L${x + 20} 240" stroke="#FFFFFF" stroke-width="5"/>`)
      .join(''),
  bag: (fill) =>
    `<path d="M180 170 Q180 90 240 90 Q300 90 300 170" fill="none" stroke="rgba(0,0,0,0.55)" stroke-width="14"/>` +
    `<rect x="110" y="160" width="260" height="240" rx="28" fill="${fill}"/>` +
    `<rect x="150" y="250" width="180" height="90" rx="14" fill="rgba(0,0,0,0.15)"/>`,
  bracelet: (fill) =>
    `<circle cx="240" cy="240" r="130" fill="none" stroke="${fill}" stroke-width="44"/>` +
    `<circle cx="240" cy="240" r="130" fill="none" stroke="rgba(0,0,0,0.2)" stroke-width="4" stroke-dasharray="18 22"/>`,
  mask: (fill) =>
    `<path d="M120 200 Q60 210 70 270 Q80 320 130 300" fill="none" stroke="rgba(0,0,0,0.5)" stroke-width="8"/>` +
    `<path d="M360 200 Q420 210 410 270 Q400 320 350 300" fill="none" stroke="rgba(0,0,0,0.5)" stroke-width="8"/>` +
    `<path d="M120 180 Q240 140 360 180 L360 300 Q240 360 120 300 Z" fill="${fill}"/>` +
    [215, 245, 275]
      .map(
        (y) =>
          `<path d="M140 ${y} Q240 ${y - 20} 340 ${y}" stroke="rgba(0,0,0,0.15)" stroke-width="4" fill="none"/>`,
      )
      .join(''),
};

/** A product picture: its silhouette in `colour` on a soft background of `backdrop`. */
export function renderProductPicture(shape: Shape, colour: string, backdrop: string): Promise<Buffer> {
  const size = PRODUCT_PICTURE_SIZE;
  // White garments need an outline to show on a light background.
  const outline = colour === '#FFFFFF' ? ' stroke="#C4CDD5" stroke-width="3"' : '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
    `<defs><radialGradient id="g" cx="0.5" cy="0.45" r="0.7">` +
    `<stop offset="0" stop-color="#FFFFFF"/><stop offset="1" stop-color="${backdrop}"/></radialGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/><g${outline}>${DRAWINGS[shape](colour)}</g></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

/** [name, genders (M, W, K), price in cents] per sub-category, five each. */
const CATALOG: Record<ProductCategory, Array<[string, string, number]>> = {
  Shirts: [
    ['Oxford Button-Down Shirt', 'MW', 5900],
    ['Linen Camp Collar Shirt', 'M', 6900],
    ['Flannel Check Shirt', 'MW', 5400],
    ['Poplin Dress Shirt', 'W', 7400],
    ['Kids Denim Shirt', 'K', 3200],
  ],
  'T-shirts': [
    ['Essential Crew Tee', 'MW', 1900],
    ['Pocket V-Neck Tee', 'M', 2400],
    ['Organic Cotton Tee', 'W', 2900],
    ['Striped Breton Tee', 'MW', 3400],
    ['Kids Dinosaur Tee', 'K', 1500],
  ],
  Jeans: [
    ['Slim Fit Jeans', 'M', 7900],
    ['Relaxed Straight Jeans', 'MW', 8400],
    ['High-Rise Skinny Jeans', 'W', 8900],
    ['Bootcut Jeans', 'W', 7900],
    ['Kids Stretch Jeans', 'K', 3900],
  ],
  Leather: [
    ['Leather Biker Jacket', 'MW', 32900],
    ['Suede Bomber Jacket', 'M', 27900],
    ['Leather Trench Coat', 'W', 39900],
    ['Shearling Aviator Jacket', 'M', 45900],
    ['Cropped Leather Jacket', 'W', 24900],
  ],
  Suits: [
    ['Navy Two-Piece Suit', 'M', 49900],
    ['Charcoal Wool Suit', 'M', 54900],
    ['Linen Summer Suit', 'MW', 42900],
    ['Pinstripe Three-Piece Suit', 'M', 64900],
    ['Tailored Trouser Suit', 'W', 46900],
  ],
  Blazers: [
    ['Unstructured Cotton Blazer', 'M', 17900],
    ['Double-Breasted Blazer', 'MW', 22900],
    ['Tweed Hacking Blazer', 'M', 25900],
    ['Cropped Boucle Blazer', 'W', 19900],
    ['Kids Smart Blazer', 'K', 7900],
  ],
  Trousers: [
    ['Pleated Wool Trousers', 'M', 12900],
    ['Stretch Chino Trousers', 'MW', 6900],
    ['Wide-Leg Trousers', 'W', 9900],
    ['Cigarette Trousers', 'W', 8900],
    ['Drawstring Linen Trousers', 'MW', 7400],
  ],
  Waistcoats: [
    ['Tweed Waistcoat', 'M', 8900],
    ['Satin Back Waistcoat', 'M', 9900],
    ['Double-Breasted Waistcoat', 'MW', 11900],
    ['Linen Waistcoat', 'W', 7900],
    ['Kids Formal Waistcoat', 'K', 3900],
  ],
  Shoes: [
    ['Leather Derby Shoes', 'M', 13900],
    ['Canvas Low-Top Sneakers', 'MWK', 5900],
    ['Suede Chelsea Boots', 'MW', 16900],
    ['Cushioned Running Trainers', 'MW', 11900],
    ['Kids Light-Up Sneakers', 'K', 4900],
  ],
  'Backpacks and bags': [
    ['Waxed Canvas Backpack', 'MW', 9900],
    ['Leather Tote Bag', 'W', 18900],
    ['Weekender Duffel Bag', 'MW', 14900],
    ['Mini Crossbody Bag', 'W', 6900],
    ['Kids School Backpack', 'K', 3900],
  ],
  Bracelets: [
    ['Braided Leather Bracelet', 'MW', 2900],
    ['Silver Cuff Bracelet', 'W', 8900],
    ['Wooden Bead Bracelet', 'MW', 1900],
    ['Gold Chain Bracelet', 'W', 12900],
    ['Kids Friendship Bracelet', 'K', 900],
  ],
  'Face masks': [
    ['Cotton Face Mask', 'MW', 900],
    ['Silk Face Mask', 'W', 1900],
    ['Sport Face Mask', 'MW', 1400],
    ['Linen Face Mask', 'MW', 1200],
    ['Kids Face Mask Three-Pack', 'K', 1500],
  ],
};

const GENDERS: Record<string, ProductGender> = { M: 'Men', W: 'Women', K: 'Kids' };
const LETTER_SIZES: ProductSize[] = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const SHOE_SIZES: ProductSize[] = ['6', '7', '8', '8.5', '9', '9.5', '10', '10.5', '11', '11.5', '12', '13'];
const BACKDROPS = ['#F4F6F8', '#E3F2FD', '#FFF7E6', '#EDF7ED', '#F3E5F5'];

const MATERIALS: Partial<Record<ProductCategory, string>> = {
  Shirts: 'cotton',
  'T-shirts': 'organic cotton',
  Jeans: 'denim',
  Leather: 'leather',
  Suits: 'wool',
  Blazers: 'wool blend',
  Trousers: 'cotton twill',
  Waistcoats: 'tweed',
  Shoes: 'leather',
  'Backpacks and bags': 'canvas',
  Bracelets: 'sterling silver',
  'Face masks': 'cotton',
};

const COMMENTS: Record<number, string[]> = {
  5: [
    'Exactly as pictured and the quality is excellent. Would buy again.',
    'Fits perfectly and feels great. My new favourite.',
    'Beautifully made; the colour is even better in person.',
    'Fast delivery and a lovely product. Highly recommended.',
  ],
  4: [
    'Very good overall. Runs slightly large, so consider a size down.',
    'Nice material and well finished. Took a few days to arrive.',
    'Good value for the price; I would like more colours.',
  ],
  3: [
    'Decent, but the fabric is thinner than I expected.',
    'It is fine. Nothing special, nothing wrong.',
    'Looks good, though the sizing is a bit inconsistent.',
  ],
  2: ['The colour was quite different from the photos.', 'Started to wear out after a few weeks.'],
  1: ['Not what I expected at all; I sent it back.', 'Poor stitching, it came apart on the first day.'],
};

function description(name: string, category: ProductCategory): string {
  const material = MATERIALS[category] ?? 'quality materials';
  return sanitizeRichText(
    `<p><strong>${name}</strong> in ${material}, made to last and easy to care for.</p>` +
      `<h6>Specifications</h6><ul><li>Category: ${category}</li><li>Material: ${material}</li>` +
      `<li>Care: follow the label; wash cold, dry flat</li></ul>` +
      `<p>Every piece is checked by hand before it leaves our workshop.</p>`,
  );
}

/**
 * The demo catalog (issue #13): sixty products across the twelve sub-categories, with drawn pictures (two
 * per product, in its first two colours) when there is an uploads folder, some on sale, some new, a few
 * drafts, some low or out of stock, and reviews by demo users whose ratings lean per product, so averages
 * vary. Deterministic (the seeded PRNG) and quick.
 */
export async function seedProducts(db: Db, options: ProductsSeedOptions): Promise<void> {
  const { adminId, reviewerIds, uploadsDir } = options;
  const random = createRandom(SEED);
  const now = Date.now();
  const plans = productCategoryTree.flatMap(({ group, classify }) =>
    classify.flatMap((category) =>
      CATALOG[category].map(([name, genders, price], i) => ({ group, category, name, genders, price, i })),
    ),
  );

  const rows = plans.map((plan, n) => {
    const { category, name, genders, price } = plan;
    const colourCount = random.int(1, 4);
    const colours: ProductColor[] = [];
    while (colours.length < colourCount) {
      const colour = random.pick(productColors);
      if (!colours.includes(colour)) colours.push(colour);
    }
    const shape = SHAPES[category];
    const sizes =
      shape === 'shoe'
        ? SHOE_SIZES.slice(random.int(0, 2), random.int(8, 12))
        : ['bag', 'bracelet', 'mask'].includes(shape)
          ? []
          : LETTER_SIZES.slice(random.int(0, 1), random.int(4, 6));
    const onSale = n % 5 === 2;
    const isNew = n % 7 === 3;
    const draft = n % 17 === 9;
    // Stock: mostly plenty, some low, a few sold out.
    const quantity = n % 11 === 4 ? 0 : n % 6 === 1 ? random.int(1, 10) : random.int(12, 240);
    const ageDays = isNew ? random.int(0, 12) : random.int(20, 360);
    return {
      plan,
      shape,
      values: {
        name,
        slug: slugify(name),
        sku: `ATR-${String(n + 1).padStart(4, '0')}`,
        code: `${plan.group.slice(0, 2).toUpperCase()}${category
          .replace(/[^A-Za-z]/g, '')
          .slice(0, 3)
          .toUpperCase()}-${n + 101}`,
        description: description(name, category),
        subDescription: `A ${(MATERIALS[category] ?? 'well made').toLowerCase()} piece from our ${plan.group.toLowerCase()} range.`,
        price,
        priceSale: onSale ? Math.round((price * 1.25) / 100) * 100 : null,
        taxes: 10,
        category,
        gender: [...genders].map((g) => GENDERS[g]!),
        colors: colours,
        sizes,
        tags: [
          category.toLowerCase(),
          MATERIALS[category] ?? 'accessory',
          random.pick(['summer', 'winter', 'classic', 'everyday']),
        ],
        quantity,
        totalSold: random.int(0, 1800),
        publish: draft ? ('draft' as const) : ('published' as const),
        newLabel: { enabled: isNew, content: DEFAULT_NEW_LABEL },
        saleLabel: { enabled: onSale, content: DEFAULT_SALE_LABEL },
        createdAt: new Date(now - ageDays * DAY - n * 60_000),
        updatedAt: new Date(now - Math.max(0, ageDays - 3) * DAY),
      },
    };
  });

  // Reviews: each published product's reviewers and ratings, leaning on a mood of its own.
  const reviews: Array<{ index: number; userId: string; rating: number; comment: string; postedAt: Date }> =
    [];
  rows.forEach(({ values }, index) => {
    if (values.publish !== 'published' || !reviewerIds.length) return;
    const mood = random.pick([5, 5, 4, 4, 4, 3, 3, 2]);
    const count = random.int(0, Math.min(12, reviewerIds.length));
    const start = random.int(0, reviewerIds.length - 1);
    for (let r = 0; r < count; r++) {
      const rating = Math.max(1, Math.min(5, mood + random.pick([-2, -1, 0, 0, 0, 1])));
      reviews.push({
        index,
        userId: reviewerIds[(start + r) % reviewerIds.length]!,
        rating,
        comment: random.pick(COMMENTS[rating]!),
        postedAt: new Date(values.createdAt.getTime() + random.int(1, 20) * DAY + r * 3_600_000),
      });
    }
  });

  // Pictures are drawn before the transaction (CPU work), then written with their rows.
  const pictures = uploadsDir
    ? await Promise.all(
        rows.map(async ({ shape, values }) => {
          const backdrop = random.pick(BACKDROPS);
          const colours = values.colors.slice(0, 2);
          return Promise.all(
            colours.map(async (colour) => ({
              storageKey: seededFileName(random),
              data: await renderProductPicture(shape, colour, backdrop),
            })),
          );
        }),
      )
    : [];
  if (uploadsDir) {
    await Promise.all(pictures.flat().map((p) => writeUpload(uploadsDir, p.storageKey, p.data)));
  }

  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(products)
      .values(rows.map((r) => r.values))
      .returning({ id: products.id });
    if (pictures.length) {
      const stored = await tx
        .insert(files)
        .values(
          pictures.flatMap((set, i) =>
            set.map((p, k) => ({
              ownerId: adminId,
              use: 'product' as const,
              storageKey: p.storageKey,
              name: `${rows[i]!.values.slug}-${k + 1}.webp`,
              mimeType: 'image/webp',
              size: p.data.length,
              width: PRODUCT_PICTURE_SIZE,
              height: PRODUCT_PICTURE_SIZE,
              createdAt: rows[i]!.values.createdAt,
            })),
          ),
        )
        .returning({ id: files.id, storageKey: files.storageKey });
      const byKey = new Map(stored.map((f) => [f.storageKey, f.id]));
      await tx.insert(productImages).values(
        pictures.flatMap((set, i) =>
          set.map((p, position) => ({
            productId: inserted[i]!.id,
            fileId: byKey.get(p.storageKey)!,
            position,
          })),
        ),
      );
    }
    // Posted after the product was made, never in the future; the trigger keeps the products' figures.
    if (reviews.length) {
      await tx.insert(productReviews).values(
        reviews.map(({ index, userId, rating, comment, postedAt }) => ({
          productId: inserted[index]!.id,
          userId,
          rating,
          comment,
          postedAt: new Date(Math.min(postedAt.getTime(), now - 60_000)),
        })),
      );
    }
  });
}
