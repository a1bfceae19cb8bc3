import 'i18next';

import type { TranslationResource } from './langs/en.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translations';
    resources: { translations: TranslationResource };
  }
}
