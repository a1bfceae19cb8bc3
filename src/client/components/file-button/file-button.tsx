import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useId, type ReactNode } from 'react';

import { visuallyHidden } from '../../lib/visually-hidden.ts';

type FileButtonProps = Pick<
  ButtonProps,
  'variant' | 'color' | 'size' | 'startIcon' | 'loading' | 'disabled' | 'sx'
> & {
  children: ReactNode;
  /** Called once per chosen file. */
  onFile: (file: File) => void;
  /** The id of a hint that describes the input (allowed types, size). */
  describedBy?: string;
  /** The chooser's filter: MIME types and extensions (lib/image-file.ts has the images'). */
  accept: string;
  /** Several files at once. */
  multiple?: boolean;
  /** The control's name when the button shows only an icon. */
  label?: string;
};

/**
 * A button that opens the file chooser (one file, several with `multiple`). It is a <label> around a visually hidden file input:
 * the input is the control (its name is the button's text, keyboard focus goes to it and shows on the
 * button), so there is no interactive element nested in another.
 */
export function FileButton({
  children,
  onFile,
  describedBy,
  accept,
  multiple = false,
  label,
  disabled,
  loading,
  sx,
  ...button
}: FileButtonProps) {
  const inputId = useId();
  return (
    <Button
      {...button}
      component="label"
      htmlFor={inputId}
      role={undefined}
      tabIndex={-1}
      disabled={disabled}
      loading={loading}
      sx={[
        { '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
      {label && (
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
      )}
      <Box
        component="input"
        id={inputId}
        type="file"
        accept={accept}
        multiple={multiple}
        aria-describedby={describedBy}
        disabled={Boolean(disabled || loading)}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
          const chosen = [...(event.target.files ?? [])];
          // The same file can be chosen again after a refusal.
          event.target.value = '';
          for (const file of chosen) onFile(file);
        }}
        sx={visuallyHidden}
      />
    </Button>
  );
}
