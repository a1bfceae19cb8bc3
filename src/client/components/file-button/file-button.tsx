import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useId, type ReactNode } from 'react';

import { IMAGE_ACCEPT } from '../../lib/image-file.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';

type FileButtonProps = Pick<
  ButtonProps,
  'variant' | 'color' | 'size' | 'startIcon' | 'loading' | 'disabled' | 'sx'
> & {
  children: ReactNode;
  onFile: (file: File) => void;
  /** The id of a hint that describes the input (allowed types, size). */
  describedBy?: string;
};

/**
 * A button that opens the file chooser for one image. It is a <label> around a visually hidden file input:
 * the input is the control (its name is the button's text, keyboard focus goes to it and shows on the
 * button), so there is no interactive element nested in another.
 */
export function FileButton({
  children,
  onFile,
  describedBy,
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
      <Box
        component="input"
        id={inputId}
        type="file"
        accept={IMAGE_ACCEPT}
        aria-describedby={describedBy}
        disabled={Boolean(disabled || loading)}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
          const file = event.target.files?.[0];
          // The same file can be chosen again after a refusal.
          event.target.value = '';
          if (file) onFile(file);
        }}
        sx={visuallyHidden}
      />
    </Button>
  );
}
