import CodeIcon from '@mui/icons-material/Code';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import LinkIcon from '@mui/icons-material/Link';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import { EditorContent, useEditor, useEditorState, type Editor as TiptapEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export type EditorTool =
  'bold' | 'italic' | 'underline' | 'bulletList' | 'orderedList' | 'link' | 'quote' | 'code';

/** The toolbar's texts (core's `editor.*`, in the interface's language). */
type EditorLabels = Record<EditorTool | 'linkPrompt', string>;

const labelKeys = [
  'bold',
  'italic',
  'underline',
  'bulletList',
  'orderedList',
  'link',
  'linkPrompt',
  'quote',
  'code',
] as const;

export type EditorProps = {
  /** HTML; '' when the editor is empty. */
  value: string;
  onChange: (html: string) => void;
  /** The name of the editable area (screen readers, `getByRole('textbox', { name })`). */
  label: string;
  placeholder?: string;
  /** The editable area's least height (CSS length or px). */
  minHeight?: number | string;
  /** Puts the caret in the text when the editor first shows. */
  autoFocus?: boolean;
  sx?: SxProps<Theme>;
};

/** Links only to the web and to mail addresses (the server's sanitiser keeps nothing else either). */
const ALLOWED_LINK = /^(https?:|mailto:)/i;

/** What the person typed in the link prompt, as an address: `example.com` → https, `a@b.c` → mailto. */
export function normalizeLink(text: string): string | null {
  const value = text.trim();
  if (!value) return null;
  if (ALLOWED_LINK.test(value)) return value;
  if (/^[a-z][a-z\d+.-]*:/i.test(value)) return null;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return `mailto:${value}`;
  return `https://${value.replace(/^\/+/, '')}`;
}

const extensions = [
  StarterKit.configure({
    link: {
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => ALLOWED_LINK.test(url),
      shouldAutoLink: (url) => ALLOWED_LINK.test(url) || !/^[a-z][a-z\d+.-]*:/i.test(url),
    },
  }),
];

type ToolState = Record<EditorTool, boolean> & { isEmpty: boolean };

const tools: {
  key: EditorTool;
  Icon: typeof FormatBold;
  run?: (editor: TiptapEditor) => void;
}[] = [
  { key: 'bold', Icon: FormatBold, run: (e) => e.chain().focus().toggleBold().run() },
  { key: 'italic', Icon: FormatItalic, run: (e) => e.chain().focus().toggleItalic().run() },
  { key: 'underline', Icon: FormatUnderlined, run: (e) => e.chain().focus().toggleUnderline().run() },
  { key: 'bulletList', Icon: FormatListBulleted, run: (e) => e.chain().focus().toggleBulletList().run() },
  { key: 'orderedList', Icon: FormatListNumbered, run: (e) => e.chain().focus().toggleOrderedList().run() },
  { key: 'link', Icon: LinkIcon },
  { key: 'quote', Icon: FormatQuote, run: (e) => e.chain().focus().toggleBlockquote().run() },
  { key: 'code', Icon: CodeIcon, run: (e) => e.chain().focus().toggleCode().run() },
];

function readState(editor: TiptapEditor): ToolState {
  return {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    underline: editor.isActive('underline'),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    link: editor.isActive('link'),
    quote: editor.isActive('blockquote'),
    code: editor.isActive('code'),
    isEmpty: editor.isEmpty,
  };
}

/** Adds, changes or (when the caret is in one) removes a link; the address is asked for with a prompt. */
function editLink(editor: TiptapEditor, promptText: string): void {
  if (editor.isActive('link')) {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    return;
  }
  const answer = window.prompt(promptText, 'https://');
  const href = answer === null || answer.trim() === 'https://' ? null : normalizeLink(answer);
  if (!href) {
    editor.commands.focus();
    return;
  }
  if (editor.state.selection.empty) {
    const text = href.replace(/^mailto:/i, '');
    editor
      .chain()
      .focus()
      .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] })
      .run();
  } else {
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  }
}

/**
 * The shared rich-text block (mail now; blog posts and product descriptions later): TipTap's StarterKit with
 * a toolbar of toggle buttons (one tab stop, arrow keys move between them), the value as HTML. Every
 * paragraph gets `dir="auto"` so a line in Arabic reads right to left whatever the page's direction.
 */
export function Editor({
  value,
  onChange,
  label,
  placeholder,
  minHeight = 160,
  autoFocus = false,
  sx,
}: EditorProps) {
  const { t } = useTranslation();
  const labels = Object.fromEntries(labelKeys.map((key) => [key, t(`editor.${key}`)])) as EditorLabels;
  const theme = useTheme();
  const isRtl = theme.direction === 'rtl';
  // The content the editor was created with; later values are pushed in by the effect below.
  const [initialContent] = useState(value);
  // The HTML the editor last reported, so a value coming back from the parent is not set again.
  const lastHtml = useRef(value);

  const editorProps = useMemo(
    () => ({
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(placeholder && { 'aria-placeholder': placeholder }),
      },
    }),
    [label, placeholder],
  );

  const editor = useEditor({
    extensions,
    content: initialContent,
    textDirection: 'auto',
    autofocus: autoFocus ? 'end' : false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      lastHtml.current = html;
      onChange(html);
    },
  });

  // A value set from outside (a reset, a reply's quote) replaces the content, without echoing onChange.
  useEffect(() => {
    if (editor.isDestroyed || value === lastHtml.current) return;
    lastHtml.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({ editor, selector: ({ editor: current }) => readState(current) });

  // Roving tab stop over the toolbar (WAI-ARIA toolbar pattern).
  const [focused, setFocused] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const moveFocus = (event: KeyboardEvent) => {
    const last = tools.length - 1;
    const forward = isRtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = isRtl ? 'ArrowRight' : 'ArrowLeft';
    let next: number | null = null;
    if (event.key === forward) next = focused >= last ? 0 : focused + 1;
    else if (event.key === backward) next = focused <= 0 ? last : focused - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    buttons.current[next]?.focus();
  };

  return (
    <Box
      sx={[
        (t) => ({
          display: 'flex',
          flexDirection: 'column',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          '&:focus-within': {
            borderColor: 'primary.main',
            boxShadow: `inset 0 0 0 1px ${t.palette.primary.main}`,
          },
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box
        role="toolbar"
        aria-label={label}
        aria-orientation="horizontal"
        onKeyDown={moveFocus}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 0.25,
          p: 0.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {tools.map(({ key, Icon, run }, index) => {
          const active = state[key];
          return (
            <IconButton
              key={key}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              size="small"
              aria-label={labels[key]}
              aria-pressed={active}
              tabIndex={index === focused ? 0 : -1}
              onFocus={() => setFocused(index)}
              // The text keeps its selection: the button does not take focus away on click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => (run ? run(editor) : editLink(editor, labels.linkPrompt))}
              sx={{
                borderRadius: 0.75,
                color: active ? 'primary.main' : 'text.secondary',
                bgcolor: active ? 'action.selected' : 'transparent',
              }}
            >
              <Icon fontSize="small" />
            </IconButton>
          );
        })}
      </Box>
      <Box sx={{ position: 'relative', flexGrow: 1, minHeight: 0, overflowY: 'auto' }}>
        {placeholder && state.isEmpty && (
          <Box
            aria-hidden="true"
            sx={{
              position: 'absolute',
              insetBlockStart: 0,
              insetInline: 0,
              px: 1.5,
              py: 1.25,
              color: 'text.disabled',
              pointerEvents: 'none',
              typography: 'body2',
            }}
          >
            {placeholder}
          </Box>
        )}
        <Box
          sx={(t) => ({
            height: '100%',
            '& .ProseMirror': {
              minHeight,
              px: 1.5,
              py: 1.25,
              outline: 'none',
              color: 'text.primary',
              typography: 'body2',
              wordBreak: 'break-word',
              '& > * + *': { mt: 1 },
              '& p': { m: 0 },
              '& ul, & ol': { m: 0, paddingInlineStart: 3 },
              '& li > p': { m: 0 },
              '& a': { color: 'primary.main', textDecoration: 'underline', cursor: 'text' },
              '& blockquote': {
                m: 0,
                paddingInlineStart: 1.5,
                borderInlineStart: `3px solid ${t.palette.divider}`,
                color: 'text.secondary',
              },
              '& code': {
                px: 0.5,
                py: 0.25,
                borderRadius: 0.5,
                fontFamily: 'monospace',
                fontSize: '0.875em',
                bgcolor: 'action.hover',
              },
              '& pre': {
                m: 0,
                p: 1.5,
                borderRadius: 1,
                overflowX: 'auto',
                bgcolor: 'action.hover',
                '& code': { p: 0, bgcolor: 'transparent' },
              },
            },
          })}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
    </Box>
  );
}
