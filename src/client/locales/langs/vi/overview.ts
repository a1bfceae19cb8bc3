import type { overview as en } from '../en/overview.ts';

/** Văn bản tiếng Việt cho các khối của bảng tổng quan (issue 26 A; cùng khóa với tiếng Anh). */
export const overview: typeof en = {
  overview: {
    widget: {
      info: 'Cách tính: {{title}}',
      menu: 'Thao tác: {{title}}',
      exportCsv: 'Xuất CSV',
      downloadPng: 'Tải xuống PNG',
      openList: 'Mở danh sách',
      viewAll: 'Xem tất cả',
      empty: 'Chưa có gì trong khoảng thời gian này.',
      error: 'Không thể tải tiện ích này.',
      imageFailed: 'Không thể tạo hình ảnh.',
      change: {
        new: 'Mới',
        up: 'Tăng',
        down: 'Giảm',
        flat: 'Không đổi',
      },
      carousel: {
        label: 'Trang trình chiếu',
        slide: '{{index}} / {{total}}',
        previous: 'Trang trước',
        next: 'Trang sau',
        goTo: 'Đến trang {{index}}',
      },
    },
    range: {
      label: 'Khoảng thời gian',
      button: 'Khoảng thời gian: {{range}}',
      presets: {
        today: 'Hôm nay',
        '7d': '{{total}} ngày qua',
        '30d': '{{total}} ngày qua',
        month: 'Tháng này',
        quarter: 'Quý này',
        year: 'Năm nay',
        custom: 'Khoảng tùy chỉnh',
      },
      customItem: 'Khoảng tùy chỉnh…',
      vsPrevious_one: 'so với ngày trước',
      vsPrevious_other: 'so với {{count}} ngày trước đó',
      custom: {
        title: 'Khoảng tùy chỉnh',
        from: 'Bắt đầu',
        to: 'Kết thúc',
        apply: 'Áp dụng',
        cancel: 'Hủy',
      },
      errors: {
        invalid: 'Hãy nhập ngày bắt đầu và ngày kết thúc.',
        order: 'Ngày bắt đầu phải trước hoặc trùng ngày kết thúc.',
        tooLong: 'Một khoảng dài tối đa {{max}} ngày.',
      },
    },
  },
};
