import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import type { MailAddress } from '#shared/contract/mail.ts';

import { useDebouncedCallback } from '../../../lib/use-debounced-callback.ts';
import { useMailContacts } from '../api/mail-api.ts';

/** The same check as the server's (contract/mail.ts): an address it would refuse is refused here. */
const emailSchema = z.email().max(254);

/** `Ada <ada@example.com>` → `ada@example.com`; surrounding spaces, quotes and brackets go. */
function addressOf(text: string): string {
  const trimmed = text.trim();
  const bracketed = /<([^<>]+)>\s*$/.exec(trimmed);
  return (bracketed?.[1] ?? trimmed).replace(/^["'<]+|["'>]+$/g, '').trim();
}

export const isValidAddress = (address: string) => emailSchema.safeParse(address).success;

/** Splits typed or pasted text on commas, semicolons and line breaks (a name may hold spaces). */
const splitAddresses = (text: string) =>
  text
    .split(/[,;\n]+/)
    .map(addressOf)
    .filter(Boolean);

type AddressFieldProps = {
  label: string;
  /** The addresses (emails). */
  value: string[];
  onChange: (value: string[]) => void;
  /** An error from outside (e.g. no recipient at all), shown when there is no error of the field's own. */
  error?: string | null;
  autoFocus?: boolean;
  /** Shown in the empty input (how to add an address). */
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Beside the input (e.g. the Cc/Bcc toggle). */
  endSlot?: ReactNode;
};

/**
 * To/Cc/Bcc: the addresses as chips (the person's name when known), suggestions from the instance's people
 * as you type. Enter, a comma or leaving the field turns the typed text into a chip; an invalid address is
 * refused (it stays in the input, with an error under it).
 */
export function AddressField({
  label,
  value,
  onChange,
  error,
  autoFocus,
  placeholder,
  inputRef,
  endSlot,
}: AddressFieldProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  // Names of the addresses picked from the suggestions (the chips show them).
  const [names, setNames] = useState<Record<string, string>>({});
  const contacts = useMailContacts(search);
  const applySearch = useDebouncedCallback((text: string) => setSearch(text.trim()), 250);

  const options = contacts.data?.contacts ?? [];
  const byEmail = new Map<string, MailAddress>(options.map((c) => [c.email.toLowerCase(), c]));
  const nameOf = (email: string) => names[email.toLowerCase()] ?? byEmail.get(email.toLowerCase())?.name;

  /** Adds the addresses in `text`; the first invalid one stays in the input with an error. */
  const commit = (text: string, base = value): boolean => {
    const parts = splitAddresses(text);
    if (!parts.length) {
      setInput('');
      return true;
    }
    const next = [...base];
    const known = new Set(next.map((a) => a.toLowerCase()));
    for (const [index, address] of parts.entries()) {
      if (!isValidAddress(address)) {
        setInvalid(address);
        setInput(parts.slice(index).join(', '));
        if (next.length !== base.length) onChange(next);
        return false;
      }
      if (!known.has(address.toLowerCase())) {
        known.add(address.toLowerCase());
        next.push(address);
      }
    }
    setInvalid(null);
    setInput('');
    setSearch('');
    if (next.length !== base.length) onChange(next);
    return true;
  };

  const shownError = invalid ? t('mail.composer.invalidAddress', { address: invalid }) : (error ?? null);

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Autocomplete<string, true, false, true>
        multiple
        freeSolo
        fullWidth
        options={options.map((c) => c.email)}
        // The server already matched the search; a chip's address is never offered twice.
        filterOptions={(emails) =>
          emails.filter((e) => !value.some((v) => v.toLowerCase() === e.toLowerCase()))
        }
        value={value}
        inputValue={input}
        loading={contacts.isFetching}
        onInputChange={(_event, text, reason) => {
          if (reason !== 'input') return;
          setInvalid(null);
          // A comma or semicolon (typed or pasted) ends an address.
          if (/[,;\n]/.test(text)) {
            const last = text.split(/[,;\n]/).pop() ?? '';
            const done = text.slice(0, text.length - last.length);
            if (commit(done)) {
              setInput(last);
              applySearch(last);
            }
            return;
          }
          setInput(text);
          applySearch(text);
        }}
        onChange={(_event, next, reason, details) => {
          if (reason === 'createOption') {
            commit(details?.option ?? '', value);
            return;
          }
          if (reason === 'selectOption' && details?.option) {
            const email = details.option;
            const contact = byEmail.get(email.toLowerCase());
            if (contact) setNames((known) => ({ ...known, [email.toLowerCase()]: contact.name }));
            setInvalid(null);
            setInput('');
            setSearch('');
          }
          onChange(next.map(addressOf));
        }}
        getOptionLabel={(email) => email}
        renderOption={({ key, ...props }, email) => {
          const contact = byEmail.get(email.toLowerCase());
          return (
            <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
              <Avatar
                alt=""
                src={contact?.avatarUrl ?? undefined}
                sx={{ width: 28, height: 28, fontSize: 14 }}
              >
                {(contact?.name || email).charAt(0).toUpperCase()}
              </Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" noWrap>
                  {contact?.name || email}
                </Typography>
                {contact?.name && (
                  <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }} noWrap>
                    {email}
                  </Typography>
                )}
              </Box>
            </Box>
          );
        }}
        renderValue={(emails, getItemProps) =>
          emails.map((email, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            const name = nameOf(email);
            return (
              <Chip
                key={key}
                {...itemProps}
                size="small"
                label={name || email}
                title={email}
                aria-label={name ? `${name} <${email}>` : email}
              />
            );
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            variant="standard"
            label={label}
            autoFocus={autoFocus}
            placeholder={value.length ? undefined : placeholder}
            inputRef={inputRef}
            error={Boolean(shownError)}
            helperText={shownError ?? undefined}
            onBlur={() => {
              if (input.trim()) commit(input);
            }}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'aria-invalid': Boolean(shownError) },
            }}
          />
        )}
      />
      {endSlot}
    </Box>
  );
}
