import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { ProductDetailsView } from '../../../../features/products/views/product-details-view.tsx';

/** `/dashboard/e-commerce/product/{name}` (issue #13). */
export function Component() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  return (
    <>
      <PageTitle title={t('products.detailsTitle')} />
      <ProductDetailsView key={name} name={name} />
    </>
  );
}
