import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { KeyboardEvent } from 'react';

type MessageFieldProps = Omit<TextFieldProps, 'multiline' | 'onKeyDown'> & {
  /** Enter (without Shift) in the field: send what it holds. */
  onSend: () => void;
};

/**
 * Where a chat message is written, the same in a room and in a new conversation's first message: Enter sends,
 * Shift+Enter starts a new line. Enter that ends an input method's composition (Chinese, Japanese, Vietnamese
 * keyboards) only confirms the characters.
 */
export function MessageField({ onSend, ...props }: MessageFieldProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSend();
  };
  return <TextField {...props} multiline onKeyDown={onKeyDown} />;
}
