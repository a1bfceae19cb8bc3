import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { CreateProductInput, Product } from '#shared/contract/products.ts';

import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { apiClient, ApiError, staleRecord } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { productsKeys, useProduct } from '../api/products-api.ts';
import { ProductForm, type FormImage } from '../components/product-form.tsx';

/**
 * Stores the form's pictures: new files are uploaded (each one appends), then the order (and removals) is
 * written once; the product as it ends up.
 */
async function savePictures(product: Product, images: FormImage[]): Promise<Product> {
  let current = product;
  const ids: string[] = [];
  for (const image of images) {
    if (image.fileId) {
      ids.push(image.fileId);
      continue;
    }
    if (!image.file) continue;
    const before = new Set(current.imageFiles.map((file) => file.id));
    current = (await apiClient.upload<{ product: Product }>(`/products/${current.id}/images`, image.file))
      .product;
    const added = current.imageFiles.find((file) => !before.has(file.id));
    if (added) ids.push(added.id);
  }
  const stored = current.imageFiles.map((file) => file.id);
  if (ids.length !== stored.length || ids.some((id, index) => id !== stored[index])) {
    current = (await apiClient.put<{ product: Product }>(`/products/${current.id}/images`, { fileIds: ids }))
      .product;
  }
  return current;
}

function useAfterSave() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return (product: Product, message: 'products.form.created' | 'products.form.saved') => {
    void queryClient.invalidateQueries({ queryKey: productsKeys.all });
    enqueueSnackbar(t(message), { variant: 'success' });
    void navigate(paths.dashboard.eCommerce.view(product.slug));
  };
}

/** `/dashboard/e-commerce/product/new` (administrators). */
export function ProductCreateView() {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const create = async (payload: CreateProductInput, images: FormImage[]) => {
    const { product } = await apiClient.post<{ product: Product }>('/products', payload);
    afterSave(await savePictures(product, images), 'products.form.created');
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
  const queryClient = useQueryClient();
  const afterSave = useAfterSave();
  const product = useProduct(name);
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
      const { product: saved } = await apiClient.patch<{ product: Product }>(`/products/${current.id}`, {
        ...payload,
        version: current.version,
      });
      afterSave(await savePictures(saved, images), 'products.form.saved');
    } catch (error) {
      const fresh = staleRecord<Product>(error);
      if (!fresh) throw error;
      queryClient.setQueryData(productsKeys.product(name), { product: fresh });
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
