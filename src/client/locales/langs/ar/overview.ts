import type { overview as en } from '../en/overview.ts';

/** النصوص العربية لمكوّنات لوحات النظرة العامة (issue 26 A؛ المفاتيح نفسها كما في الإنجليزية). */
export const overview: typeof en = {
  overview: {
    widget: {
      info: 'طريقة الحساب: {{title}}',
      menu: 'الإجراءات: {{title}}',
      exportCsv: 'تصدير CSV',
      downloadPng: 'تنزيل PNG',
      openList: 'فتح القائمة',
      viewAll: 'عرض الكل',
      empty: 'لا شيء في هذه الفترة بعد.',
      error: 'تعذّر تحميل هذه الأداة.',
      imageFailed: 'تعذّر إنشاء الصورة.',
      change: {
        new: 'جديد',
        up: 'ارتفاع',
        down: 'انخفاض',
        flat: 'دون تغيير',
      },
      carousel: {
        label: 'الشرائح',
        slide: '{{index}} من {{total}}',
        previous: 'الشريحة السابقة',
        next: 'الشريحة التالية',
        goTo: 'الانتقال إلى الشريحة {{index}}',
      },
    },
    range: {
      label: 'الفترة الزمنية',
      button: 'الفترة الزمنية: {{range}}',
      presets: {
        today: 'اليوم',
        '7d': 'آخر {{total}} أيام',
        '30d': 'آخر {{total}} يومًا',
        month: 'هذا الشهر',
        quarter: 'هذا الربع',
        year: 'هذه السنة',
        custom: 'فترة مخصّصة',
      },
      customItem: 'فترة مخصّصة…',
      vsPrevious_one: 'مقارنة باليوم السابق',
      vsPrevious_other: 'مقارنة بالفترة السابقة (عدد الأيام: {{count}})',
      custom: {
        title: 'فترة مخصّصة',
        from: 'البداية',
        to: 'النهاية',
        apply: 'تطبيق',
        cancel: 'إلغاء',
      },
      errors: {
        invalid: 'أدخل تاريخ البداية وتاريخ النهاية.',
        order: 'يجب أن تكون البداية في يوم النهاية أو قبله.',
        tooLong: 'لا يمكن أن تتجاوز الفترة {{max}} يومًا.',
      },
    },
  },
};
