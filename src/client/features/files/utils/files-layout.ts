import { useState } from 'react';

import { readStorage, writeStorage } from '../../../lib/storage.ts';

export type FilesLayout = 'grid' | 'table';

const KEY = 'atrium.files.layout';

/** Grid or table, remembered in this browser (the last one chosen). */
export function useFilesLayout(): [FilesLayout, (layout: FilesLayout) => void] {
  const [layout, setLayout] = useState<FilesLayout>(() => (readStorage(KEY) === 'table' ? 'table' : 'grid'));
  return [
    layout,
    (next) => {
      writeStorage(KEY, next);
      setLayout(next);
    },
  ];
}
