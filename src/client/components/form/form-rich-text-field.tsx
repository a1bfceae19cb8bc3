import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

import { useTranslateMessage } from '../../locales/use-translate-message.ts';

// The editor (and its rich-text engine) loads with the first form that shows one, not with the page.
const Editor = lazy(() => import('../editor/editor.tsx').then((m) => ({ default: m.Editor })));

type FormRichTextFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  label: string;
  minHeight?: number;
  /** Shows the label above the editor too (the editor's own label is for assistive technology only). */
  heading?: boolean;
};

/** A rich-text field (HTML, sanitised by the server) bound to the form, with its error under it. */
export function FormRichTextField<T extends FieldValues>({
  control,
  name,
  label,
  minHeight = 200,
  heading = true,
}: FormRichTextFieldProps<T>) {
  const translate = useTranslateMessage();
  const { field, fieldState } = useController({ control, name });
  return (
    <Box>
      {heading && (
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {label}
        </Typography>
      )}
      <Suspense fallback={<Box sx={{ height: minHeight }} />}>
        <Editor value={field.value as string} onChange={field.onChange} label={label} minHeight={minHeight} />
      </Suspense>
      {fieldState.error && <FormHelperText error>{translate(fieldState.error.message)}</FormHelperText>}
    </Box>
  );
}
