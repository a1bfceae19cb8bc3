import { lazy, Suspense } from 'react';

import type { RenderAttachmentAction } from '../components/attachment-action/attachment-action.tsx';
import { ensureTranslations } from '../locales/i18n.ts';

/** The files area's button and its texts, loaded when the first attachment shows. */
const SaveToFilesButton = lazy(() =>
  Promise.all([
    import('../features/files/components/save-to-files-button.tsx'),
    ensureTranslations('files'),
  ]).then(([module]) => ({ default: module.SaveToFilesButton })),
);

/**
 * What the app offers on every attachment of mail, chat and kanban (AttachmentAction): "Save to files"
 * (issue 27). The areas never import each other (ADR 016); the app puts them together here.
 */
export const renderAttachmentAction: RenderAttachmentAction = (props) => (
  <Suspense fallback={null}>
    <SaveToFilesButton {...props} />
  </Suspense>
);
