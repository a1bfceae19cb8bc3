import 'i18next';

import type { TranslationResource } from './langs/en/index.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translations';
    resources: { translations: TranslationResource };
  }
}
