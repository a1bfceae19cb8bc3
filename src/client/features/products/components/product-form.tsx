import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FILE_LIMITS } from '#shared/contract/file-limits.ts';
import {
  PRODUCT_IMAGES_MAX,
  productCategoryTree,
  productColors,
  productGenders,
  productSizes,
} from '#shared/contract/products-limits.ts';
import { createProductInput, type CreateProductInput, type Product } from '#shared/contract/products.ts';

import { FileButton } from '../../../components/file-button/file-button.tsx';
import { payloadResolver } from '../../../components/form/form-resolver.ts';
import { FormChipsField } from '../../../components/form/form-chips-field.tsx';
import { FormRichTextField } from '../../../components/form/form-rich-text-field.tsx';
import { FormSection } from '../../../components/form/form-section.tsx';
import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { FormSwitch } from '../../../components/form/form-switch.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useServerError } from '../../../components/form/use-server-error.ts';
import { useTranslateMessage } from '../../../locales/use-translate-message.ts';
import type { FormImage } from '../api/products-api.ts';
import { FormMoneyField } from '../../../components/money-input/money-field.tsx';
import { centsToInput, inputToCents, requiredCents } from '../../../components/money-input/money-input.ts';
import { useColorName } from '../../../components/product-line/color-dots.tsx';

/** A picture: one already stored (edit), or a file chosen for a new product (uploaded once it is saved). */

export type ProductFormValues = {
  name: string;
  subDescription: string;
  description: string;
  sku: string;
  code: string;
  quantity: string;
  /** Empty: no maximum per customer. */
  maxPerCustomer: string;
  category: string;
  colors: string[];
  sizes: string[];
  tags: string[];
  gender: string[];
  price: string;
  priceSale: string;
  taxes: string;
  publish: boolean;
  newLabelEnabled: boolean;
  newLabel: string;
  saleLabelEnabled: boolean;
  saleLabel: string;
  images: FormImage[];
};

export function productFormValues(product?: Product): ProductFormValues {
  return {
    name: product?.name ?? '',
    subDescription: product?.subDescription ?? '',
    description: product?.description ?? '',
    sku: product?.sku ?? '',
    code: product?.code ?? '',
    quantity: String(product?.quantity ?? 0),
    maxPerCustomer: product?.maxPerCustomer == null ? '' : String(product.maxPerCustomer),
    category: product?.category ?? '',
    colors: product?.colors ?? [],
    sizes: product?.sizes ?? [],
    tags: product?.tags ?? [],
    gender: product?.gender ?? [],
    price: product ? centsToInput(product.price) : '',
    priceSale: product ? centsToInput(product.priceSale) : '',
    taxes: String(product?.taxes ?? 0),
    publish: (product?.publish ?? 'draft') === 'published',
    newLabelEnabled: product?.newLabel.enabled ?? false,
    newLabel: product?.newLabel.content ?? 'NEW',
    saleLabelEnabled: product?.saleLabel.enabled ?? false,
    saleLabel: product?.saleLabel.content ?? 'SALE',
    images: (product?.imageFiles ?? []).map((file) => ({ key: file.id, url: file.url, fileId: file.id })),
  };
}

/** What the form sends (the shared schema checks it first; amounts are typed in units, sent in cents). */
export function toProductPayload(values: ProductFormValues): CreateProductInput {
  return {
    name: values.name,
    subDescription: values.subDescription,
    description: values.description,
    sku: values.sku,
    code: values.code,
    quantity: Number(values.quantity),
    maxPerCustomer: values.maxPerCustomer.trim() === '' ? null : Number(values.maxPerCustomer),
    category: values.category as CreateProductInput['category'],
    colors: values.colors,
    sizes: values.sizes as CreateProductInput['sizes'],
    tags: values.tags,
    gender: values.gender as CreateProductInput['gender'],
    // Required: empty (null) is refused with the price's message. Optional: empty is no sale price.
    price: requiredCents(values.price),
    priceSale: inputToCents(values.priceSale),
    taxes: Number(values.taxes),
    publish: values.publish ? 'published' : 'draft',
    newLabel: { enabled: values.newLabelEnabled, content: values.newLabel },
    saleLabel: { enabled: values.saleLabelEnabled, content: values.saleLabel },
  };
}

const resolver = payloadResolver<ProductFormValues>(createProductInput, toProductPayload);
const serverFields = [
  'name',
  'sku',
  'code',
  'price',
  'priceSale',
  'taxes',
  'quantity',
  'maxPerCustomer',
  'category',
  'colors',
  'gender',
  'tags',
] as const;

function GenderField({ control }: { control: Control<ProductFormValues> }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { field, fieldState } = useController({ control, name: 'gender' });
  return (
    <Box role="group" aria-label={t('products.form.gender')}>
      <Typography variant="subtitle2">{t('products.form.gender')}</Typography>
      <Stack direction="row" spacing={1}>
        {productGenders.map((gender) => (
          <FormControlLabel
            key={gender}
            label={t(`products.genders.${gender}`)}
            control={
              <Checkbox
                checked={field.value.includes(gender)}
                onChange={(event) =>
                  field.onChange(
                    event.target.checked ? [...field.value, gender] : field.value.filter((g) => g !== gender),
                  )
                }
              />
            }
          />
        ))}
      </Stack>
      {fieldState.error && <FormHelperText error>{translate(fieldState.error.message)}</FormHelperText>}
    </Box>
  );
}

/** The pictures in their order: move left or right, remove, add (at most PRODUCT_IMAGES_MAX; the first is the cover). */
function ImagesField({ control }: { control: Control<ProductFormValues> }) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'images' });
  const images = field.value;
  const move = (from: number, to: number) => {
    const next = [...images];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    field.onChange(next);
  };
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          {t('products.form.images')}
        </Typography>
        <FileButton
          size="small"
          variant="outlined"
          startIcon={<AddPhotoAlternateOutlined />}
          accept={FILE_LIMITS.product.types.join(',')}
          multiple
          disabled={images.length >= PRODUCT_IMAGES_MAX}
          onFile={(file) =>
            field.onChange([
              ...field.value,
              { key: `${file.name}-${Date.now()}-${Math.random()}`, url: URL.createObjectURL(file), file },
            ])
          }
        >
          {t('products.form.addImages')}
        </FileButton>
      </Stack>
      <Box
        component="ol"
        aria-label={t('products.form.images')}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}
      >
        {images.map((image, index) => (
          <Box
            component="li"
            key={image.key}
            sx={{
              position: 'relative',
              width: 112,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1.5,
              overflow: 'hidden',
            }}
          >
            <Box
              component="img"
              src={image.url}
              alt={t('products.form.imageNumber', { index: index + 1 })}
              sx={{ display: 'block', width: 112, height: 112, objectFit: 'cover' }}
            />
            {index === 0 && (
              <Chip
                size="small"
                color="primary"
                label={t('products.form.cover')}
                sx={{ position: 'absolute', top: 4, insetInlineStart: 4 }}
              />
            )}
            <Stack direction="row" sx={{ justifyContent: 'space-between', bgcolor: 'background.paper' }}>
              <IconButton
                size="small"
                aria-label={t('products.form.moveEarlier', { index: index + 1 })}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                <ChevronLeft
                  fontSize="small"
                  sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
                />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t('products.form.removeImage', { index: index + 1 })}
                onClick={() => field.onChange(images.filter((_, i) => i !== index))}
              >
                <Close fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t('products.form.moveLater', { index: index + 1 })}
                disabled={index === images.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ChevronRight
                  fontSize="small"
                  sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
                />
              </IconButton>
            </Stack>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

type ProductFormProps = {
  product?: Product;
  submitLabel: string;
  /** Saves the payload and the pictures (in order); a failure's issues go on the fields. */
  onSubmit: (payload: CreateProductInput, images: FormImage[]) => Promise<unknown>;
};

/**
 * The product form (new and edit, issue #13): details with the rich text editor and pictures, properties
 * (codes, stock, category, colours, sizes, tags, gender, labels) and pricing; the shared schema checks it
 * before it is sent.
 */
export type { FormImage };

export function ProductForm({ product, submitLabel, onSubmit }: ProductFormProps) {
  const { t } = useTranslation();
  const colorName = useColorName();
  const { control, handleSubmit, setError, formState } = useForm<ProductFormValues>({
    defaultValues: productFormValues(product),
    resolver,
  });
  const { serverError, attempt } = useServerError(setError);
  const newLabelEnabled = useWatch({ control, name: 'newLabelEnabled' });
  const saleLabelEnabled = useWatch({ control, name: 'saleLabelEnabled' });
  const submit = handleSubmit((values) =>
    attempt(serverFields, () => onSubmit(toProductPayload(values), values.images)),
  );

  return (
    <Stack
      component="form"
      noValidate
      spacing={4}
      onSubmit={(event) => void submit(event)}
      sx={{ maxWidth: 880, mx: 'auto' }}
    >
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <FormSection title={t('products.form.details')}>
        <FormTextField control={control} name="name" label={t('products.form.name')} />
        <FormTextField
          control={control}
          name="subDescription"
          label={t('products.form.subDescription')}
          multiline
          minRows={3}
        />
        <FormRichTextField
          control={control}
          name="description"
          label={t('products.form.description')}
          heading={false}
        />
        <ImagesField control={control} />
      </FormSection>
      <FormSection title={t('products.form.properties')}>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormTextField control={control} name="code" label={t('products.form.code')} />
          <FormTextField control={control} name="sku" label={t('products.form.sku')} />
          <FormTextField
            control={control}
            name="quantity"
            label={t('products.form.quantity')}
            type="number"
            slotProps={{ htmlInput: { min: 0 } }}
          />
          <FormTextField
            control={control}
            name="maxPerCustomer"
            label={t('products.form.maxPerCustomer')}
            helperText={t('products.form.maxPerCustomerHint')}
            type="number"
            slotProps={{ htmlInput: { min: 1 } }}
          />
          <FormSelectField control={control} name="category" label={t('products.form.category')}>
            {productCategoryTree.flatMap((group) => [
              <ListSubheader key={group.group}>{t(`products.categories.${group.group}`)}</ListSubheader>,
              ...group.classify.map((category) => (
                <MenuItem key={category} value={category}>
                  {t(`products.categories.${category}`)}
                </MenuItem>
              )),
            ])}
          </FormSelectField>
          <FormChipsField
            control={control}
            name="colors"
            label={t('products.form.colors')}
            options={productColors}
            getLabel={colorName}
          />
          <FormChipsField
            control={control}
            name="sizes"
            label={t('products.form.sizes')}
            options={productSizes}
          />
        </Box>
        <FormChipsField control={control} name="tags" label={t('products.form.tags')} freeSolo />
        <GenderField control={control} />
        <Divider sx={{ borderStyle: 'dashed' }} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <FormSwitch control={control} name="newLabelEnabled" label={t('products.form.newLabel')} />
          <FormTextField
            control={control}
            name="newLabel"
            label={t('products.form.labelText')}
            size="small"
            disabled={!newLabelEnabled}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <FormSwitch control={control} name="saleLabelEnabled" label={t('products.form.saleLabel')} />
          <FormTextField
            control={control}
            name="saleLabel"
            label={t('products.form.labelText')}
            size="small"
            disabled={!saleLabelEnabled}
          />
        </Stack>
      </FormSection>
      <FormSection title={t('products.form.pricing')}>
        <FormMoneyField
          control={control}
          name="price"
          label={t('products.form.price')}
          unit="¤"
          unitPosition="start"
        />
        <FormMoneyField
          control={control}
          name="priceSale"
          label={t('products.form.priceSale')}
          helperText={t('products.form.priceSaleHint')}
          unit="¤"
          unitPosition="start"
        />
        <FormTextField
          control={control}
          name="taxes"
          label={t('products.form.taxes')}
          type="number"
          slotProps={{
            htmlInput: { min: 0, max: 100, step: '0.01' },
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
        />
      </FormSection>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <FormSwitch control={control} name="publish" label={t('products.form.publish')} />
        <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
