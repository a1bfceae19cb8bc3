import { createContext, useContext, type ReactNode } from 'react';

/** An attachment of mail, chat or kanban: a stored file of the files block (its id and name). */
export type AttachmentRef = { id: string; name: string };

export type AttachmentActionProps = {
  file: AttachmentRef;
  /** On a coloured surface (a chat bubble): the action takes the text's colour. */
  inheritColor?: boolean;
};

/** Renders the action for one attachment. */
export type RenderAttachmentAction = (props: AttachmentActionProps) => ReactNode;

const AttachmentActionContext = createContext<RenderAttachmentAction | null>(null);

/**
 * What another area offers on every attachment, such as the files area's "Save to files" (issue 27). A
 * feature never imports another (ADR 016), so the app puts the action here (app/root-layout.tsx) and mail,
 * chat and kanban render `<AttachmentAction file={…} />` beside each attachment.
 */
export function AttachmentActionProvider({
  render,
  children,
}: {
  render: RenderAttachmentAction | null;
  children: ReactNode;
}) {
  return <AttachmentActionContext.Provider value={render}>{children}</AttachmentActionContext.Provider>;
}

/** The action the app provides for one attachment, or nothing (no provider: tests of one area, say). */
export function AttachmentAction(props: AttachmentActionProps) {
  const render = useContext(AttachmentActionContext);
  return render ? render(props) : null;
}
