import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { frFR, viVN, zhCN } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/ar';
import 'dayjs/locale/fr';
import 'dayjs/locale/vi';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { LanguageValue } from '../../locales/locales-config.ts';

/** dayjs's locale per interface language: month and day names, and the first day of the week. */
const dayjsLocales: Record<LanguageValue, string> = {
  en: 'en',
  fr: 'fr',
  vi: 'vi',
  cn: 'zh-cn',
  ar: 'ar',
};

/** MUI X has no Arabic texts: the buttons and labels a person reads, in Arabic. */
const arabicTexts = {
  cancelButtonLabel: 'إلغاء',
  clearButtonLabel: 'مسح',
  okButtonLabel: 'موافق',
  todayButtonLabel: 'اليوم',
  nextStepButtonLabel: 'التالي',
  previousMonth: 'الشهر السابق',
  nextMonth: 'الشهر التالي',
  start: 'البداية',
  end: 'النهاية',
  startDate: 'تاريخ البداية',
  startTime: 'وقت البداية',
  endDate: 'تاريخ النهاية',
  endTime: 'وقت النهاية',
  datePickerToolbarTitle: 'اختر التاريخ',
  timePickerToolbarTitle: 'اختر الوقت',
  dateTimePickerToolbarTitle: 'اختر التاريخ والوقت',
  fieldClearLabel: 'مسح',
  year: 'السنة',
  month: 'الشهر',
  day: 'اليوم',
  hours: 'الساعات',
  minutes: 'الدقائق',
  empty: 'فارغ',
};

const pickerTexts: Partial<Record<LanguageValue, object>> = {
  fr: frFR.components.MuiLocalizationProvider.defaultProps.localeText,
  vi: viVN.components.MuiLocalizationProvider.defaultProps.localeText,
  cn: zhCN.components.MuiLocalizationProvider.defaultProps.localeText,
  ar: arabicTexts,
};

/** The dayjs locale of a language (the pages that show dates with pickers format with it too). */
export const dayjsLocale = (language: string) => dayjsLocales[language as LanguageValue] ?? 'en';

/**
 * MUI X date and time pickers in the interface's language (names, first day of the week, texts). The pickers'
 * code loads only with the pages that use them: wrap those pages, never the shell.
 */
export function DatePickersProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.language as LanguageValue;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={dayjsLocale(language)}
      localeText={pickerTexts[language]}
    >
      {children}
    </LocalizationProvider>
  );
}
