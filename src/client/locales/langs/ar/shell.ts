import type { TranslationOf } from '../../types.ts';
import type { shell as enShell } from '../en/shell.ts';

/** Arabic shell texts (same keys as `en/shell.ts`). */
export const shell = {
  settings: {
    open: 'الإعدادات',
    title: 'الإعدادات',
    reset: 'إعادة تعيين',
    changed: 'بعض الإعدادات تختلف عن القيم الافتراضية',
    mode: { title: 'الوضع', light: 'فاتح', dark: 'داكن' },
    contrast: { title: 'التباين', default: 'افتراضي', bold: 'عالٍ' },
    direction: { title: 'الاتجاه', ltr: 'من اليسار إلى اليمين', rtl: 'من اليمين إلى اليسار' },
    layout: { title: 'التخطيط', vertical: 'عمودي', mini: 'مصغّر', horizontal: 'أفقي' },
    stretch: {
      title: 'التمديد',
      tooltip: 'متاح فقط في الدقة العالية > 1600px (xl)',
      label: 'تمديد المحتوى إلى كامل العرض',
    },
    presets: {
      title: 'الألوان المسبقة',
      default: 'افتراضي',
      cyan: 'سماوي',
      purple: 'بنفسجي',
      blue: 'أزرق',
      orange: 'برتقالي',
      red: 'أحمر',
    },
    fullscreen: 'ملء الشاشة',
    exitFullscreen: 'الخروج من ملء الشاشة',
  },
  header: {
    search: 'بحث',
    language: 'اللغة',
    notifications: 'الإشعارات',
    collapseNav: 'طي قائمة التنقل',
    expandNav: 'توسيع قائمة التنقل',
    openSubmenu: 'فتح قائمة {{title}}',
  },
  search: {
    title: 'بحث',
    inputLabel: 'البحث في الصفحات',
    placeholder: 'ابحث عن صفحة…',
    noResults: 'لا توجد صفحة تطابق «{{query}}».',
    hint: 'استخدم مفاتيح الأسهم لاختيار صفحة ثم اضغط Enter لفتحها.',
    dashboardGroup: 'لوحة التحكم',
    publicGroup: 'الصفحات',
    pages: {
      pricing: 'الأسعار',
      payment: 'الدفع',
      aboutUs: 'من نحن',
      contactUs: 'اتصل بنا',
      faqs: 'الأسئلة الشائعة',
      comingSoon: 'قريبًا',
      maintenance: 'الصيانة',
    },
  },
  notifications: {
    title: 'الإشعارات',
    all: 'الكل',
    unread: 'غير المقروءة',
    unreadSummary: 'غير المقروءة: {{count}}',
    markAllRead: 'تعيين الكل كمقروء',
    markedAllRead: 'تم تعيين جميع الإشعارات كمقروءة.',
    empty: 'لا توجد لديك إشعارات بعد.',
    emptyUnread: 'لقد قرأت جميع إشعاراتك.',
    loadFailed: 'تعذّر تحميل الإشعارات.',
    retry: 'إعادة المحاولة',
    unreadMarker: 'غير مقروء',
  },
  pageError: {
    title: 'تعذّر عرض هذه الصفحة',
    description: 'حدث خطأ أثناء عرض هذه الصفحة. حاول مرة أخرى أو عد لاحقًا.',
    retry: 'إعادة المحاولة',
  },
  toast: {
    settingsReset: 'عادت إعدادات العرض إلى قيمها الافتراضية.',
  },
} satisfies TranslationOf<typeof enShell>;
