import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { ShopView } from '../../../../features/products/views/shop-view.tsx';

/** `/dashboard/e-commerce/shop` (issue #13); `/dashboard/e-commerce` opens it too. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('products.shopTitle')} />
      <ShopView />
    </>
  );
}
