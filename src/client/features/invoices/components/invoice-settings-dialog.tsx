import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { FromAddress, Service } from '#shared/contract/invoices.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { MoneyField } from '../../../components/money-input/money-field.tsx';
import { centsToInput as units, requiredCents } from '../../../components/money-input/money-input.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useFromAddresses, useInvoiceSettings, useServices } from '../api/invoices-api.ts';
import { PartyBlock } from './party-block.tsx';

/** One service as an editable row (or the empty row that adds one). */
function ServiceRow({ service }: { service?: Service }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const currency = usePublicConfig().data?.currency ?? 'USD';
  const { saveService, deleteService } = useInvoiceSettings();
  const [name, setName] = useState(service?.name ?? '');
  const [price, setPrice] = useState(service ? units(service.price) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const changed = !service || name !== service.name || price !== units(service.price);
  const save = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    saveService.mutate(
      { id: service?.id, name, price: requiredCents(price) },
      {
        onSuccess: ({ service: saved }) => {
          enqueueSnackbar(t('invoices.settings.serviceSaved', { name: saved.name }), { variant: 'success' });
          if (!service) {
            setName('');
            setPrice('');
          }
        },
        onError: (error) => setProblem(errorMessage(error, t)),
      },
    );
  };
  const label = service?.name ?? t('invoices.settings.newService');
  return (
    <Stack
      component="form"
      role="group"
      aria-label={label}
      onSubmit={save}
      noValidate
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
    >
      <TextField
        size="small"
        label={t('invoices.settings.serviceName')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(problem)}
        helperText={problem}
        sx={{ flexGrow: 1 }}
      />
      <MoneyField
        size="small"
        label={t('invoices.settings.price')}
        value={price}
        onChange={(event) => setPrice(event.target.value)}
        sx={{ width: 150 }}
        unit={currency}
      />
      {service ? (
        <>
          <IconButton
            type="submit"
            disabled={!changed}
            loading={saveService.isPending}
            aria-label={t('invoices.settings.saveNamed', { name: service.name })}
          >
            <SaveOutlined />
          </IconButton>
          <IconButton
            color="error"
            aria-label={t('invoices.settings.deleteNamed', { name: service.name })}
            loading={deleteService.isPending}
            onClick={() =>
              deleteService.mutate(service.id, {
                onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
              })
            }
          >
            <DeleteOutlined />
          </IconButton>
        </>
      ) : (
        <Button type="submit" variant="outlined" startIcon={<Add />} loading={saveService.isPending}>
          {t('invoices.settings.add')}
        </Button>
      )}
    </Stack>
  );
}

function Services() {
  const { t } = useTranslation();
  const services = useServices();
  return (
    <Stack spacing={2}>
      {services.isError && <Alert severity="error">{errorMessage(services.error, t)}</Alert>}
      {(services.data ?? []).map((service) => (
        <ServiceRow key={`${service.id}-${service.updatedAt}`} service={service} />
      ))}
      <ServiceRow />
    </Stack>
  );
}

const emptyAddress = { name: '', company: '', email: '', phoneNumber: '', fullAddress: '' };

function Addresses() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const addresses = useFromAddresses();
  const { saveAddress, deleteAddress } = useInvoiceSettings();
  const [values, setValues] = useState(emptyAddress);
  const [problem, setProblem] = useState<string | null>(null);
  const failed = (error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
  const add = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    saveAddress.mutate(values, {
      onSuccess: () => {
        setValues(emptyAddress);
        enqueueSnackbar(t('invoices.settings.addressSaved'), { variant: 'success' });
      },
      onError: (error) => setProblem(errorMessage(error, t)),
    });
  };
  const field = (key: keyof typeof emptyAddress, label: string, extra: object = {}) => (
    <TextField
      size="small"
      label={label}
      value={values[key]}
      onChange={(event) => setValues((v) => ({ ...v, [key]: event.target.value }))}
      {...extra}
    />
  );
  return (
    <Stack spacing={2}>
      {(addresses.data ?? []).map((address: FromAddress) => (
        <Card
          key={address.id}
          variant="outlined"
          component="section"
          aria-label={address.company || address.name}
          sx={{ p: 2 }}
        >
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Box sx={{ flexGrow: 1 }}>
              <PartyBlock party={address} />
            </Box>
            {address.primary ? (
              <Chip size="small" color="info" label={t('invoices.settings.default')} />
            ) : (
              <Button
                size="small"
                color="inherit"
                onClick={() =>
                  saveAddress.mutate(
                    { id: address.id, ...stripped(address), primary: true },
                    { onError: failed },
                  )
                }
              >
                {t('invoices.settings.makeDefault')}
              </Button>
            )}
            <IconButton
              color="error"
              aria-label={t('invoices.settings.deleteNamed', { name: address.company || address.name })}
              onClick={() => deleteAddress.mutate(address.id, { onError: failed })}
            >
              <DeleteOutlined />
            </IconButton>
          </Stack>
        </Card>
      ))}
      <Stack
        component="form"
        onSubmit={add}
        noValidate
        spacing={2}
        aria-label={t('invoices.settings.newAddress')}
        sx={{ pt: 1 }}
      >
        {problem && <Alert severity="error">{problem}</Alert>}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {field('name', t('invoices.form.customerDialog.name'), { required: true })}
          {field('company', t('invoices.form.customerDialog.company'))}
          {field('email', t('invoices.form.customerDialog.email'), { type: 'email' })}
          {field('phoneNumber', t('invoices.form.customerDialog.phone'), { type: 'tel' })}
        </Box>
        {field('fullAddress', t('invoices.form.customerDialog.address'), {
          required: true,
          multiline: true,
          minRows: 2,
        })}
        <Button
          type="submit"
          variant="outlined"
          startIcon={<Add />}
          loading={saveAddress.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('invoices.settings.addAddress')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The parts of an address a PATCH may send (the answer's id and dates are not fields). */
const stripped = ({ name, company, email, phoneNumber, fullAddress }: FromAddress) => ({
  name,
  company,
  email,
  phoneNumber,
  fullAddress,
});

/**
 * Administrators (issue #14): the services invoice lines name, with the price choosing one fills in, and
 * the workspace's own addresses invoices come from (the default one first).
 */
export function InvoiceSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [tab, setTab] = useState<'services' | 'addresses'>('services');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('invoices.settings.title')}</DialogTitle>
      <Tabs value={tab} onChange={(_event, next: typeof tab) => setTab(next)} sx={{ px: 3 }}>
        <Tab value="services" label={t('invoices.settings.services')} />
        <Tab value="addresses" label={t('invoices.settings.addresses')} />
      </Tabs>
      <DialogContent sx={{ pt: '16px !important' }}>
        {tab === 'services' ? <Services /> : <Addresses />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('invoices.settings.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
