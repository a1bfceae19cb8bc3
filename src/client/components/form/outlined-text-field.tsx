import FormControl from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useThemeProps } from '@mui/material/styles';
import type { TextFieldProps } from '@mui/material/TextField';
import type { InputHTMLAttributes } from 'react';
import { useId } from 'react';

/** What OutlinedTextField takes: TextField's props without `select` (use MUI's TextField for a select). */
export type OutlinedTextFieldProps = Omit<TextFieldProps, 'select' | 'variant'>;

type ObjectSlotProps = {
  input?: Partial<OutlinedInputProps>;
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
  inputLabel?: Partial<InputLabelProps>;
  formHelperText?: Partial<FormHelperTextProps>;
};

/**
 * MUI's outlined TextField (same markup, classes, ids and theme defaults: `MuiTextField` default props
 * apply), without the select mode. TextField imports Select, and with it Menu, Popover, Modal and the
 * focus trap (~20 KiB gzip) even when no field is a select: the sign-in page does not need them.
 * Slot props are taken in their object form.
 */
export function OutlinedTextField(inProps: OutlinedTextFieldProps) {
  const props = useThemeProps({ props: inProps as TextFieldProps, name: 'MuiTextField' });
  const {
    autoComplete,
    autoFocus = false,
    children: _children,
    className,
    color = 'primary',
    defaultValue,
    disabled = false,
    error = false,
    fullWidth = false,
    helperText,
    id: idOverride,
    inputRef,
    label,
    maxRows,
    minRows,
    multiline = false,
    name,
    onBlur,
    onChange,
    onFocus,
    placeholder,
    required = false,
    rows,
    slotProps: slotPropsProp,
    type,
    value,
    // Props of the select mode and the other variants: not supported here.
    select: _select,
    variant: _variant,
    slots: _slots,
    ...other
  } = props;
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const slotProps = (slotPropsProp ?? {}) as ObjectSlotProps;
  const inputSlotProps = slotProps.input ?? {};
  const htmlInputProps = slotProps.htmlInput ?? {};
  const inputLabelProps = slotProps.inputLabel ?? {};
  const helperTextProps = slotProps.formHelperText ?? {};
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const inputLabelId = label ? `${id}-label` : undefined;

  return (
    <FormControl
      className={['MuiTextField-root', className].filter(Boolean).join(' ')}
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      required={required}
      color={color}
      variant="outlined"
      {...other}
    >
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={inputLabelId} {...inputLabelProps}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        fullWidth={fullWidth}
        multiline={multiline}
        name={name}
        rows={rows}
        maxRows={maxRows}
        minRows={minRows}
        type={type}
        value={value}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={onChange}
        onFocus={onFocus}
        placeholder={placeholder}
        label={label}
        notched={inputLabelProps.shrink}
        inputProps={htmlInputProps}
        {...inputSlotProps}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...helperTextProps}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
