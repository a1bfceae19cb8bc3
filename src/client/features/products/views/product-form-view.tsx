import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { CreateProductInput, Product } from '#shared/contract/products.ts';

import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError, staleRecord } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCreateProduct, useProduct, useUpdateProduct } from '../api/products-api.ts';
import { ProductForm, type FormImage } from '../components/product-form.tsx';

function useAfterSave() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  return (product: Product, message: 'products.form.created' | 'products.form.saved') => {
    enqueueSnackbar(t(message), { variant: 'success' });
    void navigate(paths.dashboard.eCommerce.view(product.slug));
  };
}

/** `/dashboard/e-commerce/product/new` (administrators). */
export function ProductCreateView() {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const { mutateAsync: createProduct } = useCreateProduct();
  const create = async (payload: CreateProductInput, images: FormImage[]) => {
    afterSave(await createProduct({ payload, images }), 'products.form.created');
  };
  return (
    <>
      <PageHeading
        title={t('products.form.createTitle')}
        crumbs={[
          { label: t('nav.ecommerce'), to: paths.dashboard.eCommerce.root },
          { label: t('products.admin.title'), to: paths.dashboard.eCommerce.list },
          { label: t('products.form.createCrumb') },
        ]}
      />
      <ProductForm submitLabel={t('products.form.create')} onSubmit={create} />
    </>
  );
}

/**
 * `/dashboard/e-commerce/product/{name}/edit` (administrators): saves what changed on top of the version it
 * was read at; when someone saved first, the form shows their version and says so.
 */
export function ProductEditView({ name }: { name: string }) {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const product = useProduct(name);
  const { mutateAsync: updateProduct } = useUpdateProduct(name);
  const [stale, setStale] = useState(false);
  const crumbs = [
    { label: t('nav.ecommerce'), to: paths.dashboard.eCommerce.root },
    { label: t('products.admin.title'), to: paths.dashboard.eCommerce.list },
    { label: product.data?.name ?? name },
  ];

  const save = async (payload: CreateProductInput, images: FormImage[]) => {
    const current = product.data;
    if (!current) return;
    try {
      afterSave(await updateProduct({ current, payload, images }), 'products.form.saved');
    } catch (error) {
      // Someone saved first: the hook put their version in the cache; the form shows it, and says so.
      if (!staleRecord<Product>(error)) throw error;
      setStale(true);
    }
  };

  if (product.isError) {
    const missing = product.error instanceof ApiError && product.error.status === 404;
    return (
      <>
        <PageHeading title={t('products.form.editTitle')} crumbs={crumbs} />
        <Alert severity={missing ? 'info' : 'error'}>
          {missing ? t('products.notFound') : errorMessage(product.error, t)}
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeading title={t('products.form.editTitle')} crumbs={crumbs} />
      {stale && (
        <Alert severity="warning" sx={{ mb: 3, maxWidth: 880, mx: 'auto' }}>
          {t('common.staleEdit')}
        </Alert>
      )}
      {product.data ? (
        <ProductForm
          key={`${product.data.id}:${product.data.version}`}
          product={product.data}
          submitLabel={t('products.form.save')}
          onSubmit={save}
        />
      ) : (
        <Skeleton variant="rounded" height={480} sx={{ maxWidth: 880, mx: 'auto' }} />
      )}
    </>
  );
}
