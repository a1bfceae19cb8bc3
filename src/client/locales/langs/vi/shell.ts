import type { TranslationOf } from '../../types.ts';
import type { shell as enShell } from '../en/shell.ts';

/** Vietnamese shell texts (same keys as `en/shell.ts`). */
export const shell = {
  settings: {
    open: 'Cài đặt',
    title: 'Cài đặt',
    reset: 'Đặt lại',
    changed: 'Một số cài đặt khác với mặc định',
    mode: { title: 'Chế độ', light: 'Sáng', dark: 'Tối' },
    contrast: { title: 'Độ tương phản', default: 'Mặc định', bold: 'Đậm' },
    direction: { title: 'Hướng', ltr: 'Trái sang phải', rtl: 'Phải sang trái' },
    layout: { title: 'Bố cục', vertical: 'Dọc', mini: 'Thu gọn', horizontal: 'Ngang' },
    stretch: {
      title: 'Kéo giãn',
      tooltip: 'Chỉ áp dụng ở độ phân giải lớn > 1600px (xl)',
      label: 'Kéo giãn nội dung hết chiều rộng',
    },
    presets: {
      title: 'Màu chủ đạo',
      default: 'Mặc định',
      cyan: 'Xanh lơ',
      purple: 'Tím',
      blue: 'Xanh dương',
      orange: 'Cam',
      red: 'Đỏ',
    },
    fullscreen: 'Toàn màn hình',
    exitFullscreen: 'Thoát toàn màn hình',
  },
  header: {
    search: 'Tìm kiếm',
    language: 'Ngôn ngữ',
    notifications: 'Thông báo',
    collapseNav: 'Thu gọn điều hướng',
    expandNav: 'Mở rộng điều hướng',
    openSubmenu: 'Mở menu {{title}}',
  },
  search: {
    title: 'Tìm kiếm',
    inputLabel: 'Tìm trang',
    placeholder: 'Tìm trang…',
    noResults: 'Không có trang nào khớp với “{{query}}”.',
    hint: 'Dùng phím mũi tên để chọn trang và nhấn Enter để mở.',
    dashboardGroup: 'Bảng điều khiển',
    publicGroup: 'Trang',
    pages: {
      pricing: 'Bảng giá',
      payment: 'Thanh toán',
      aboutUs: 'Về chúng tôi',
      contactUs: 'Liên hệ',
      faqs: 'Câu hỏi thường gặp',
      comingSoon: 'Sắp ra mắt',
      maintenance: 'Bảo trì',
    },
  },
  notifications: {
    title: 'Thông báo',
    all: 'Tất cả',
    unread: 'Chưa đọc',
    unreadSummary: 'Chưa đọc: {{count}}',
    markAllRead: 'Đánh dấu tất cả là đã đọc',
    markedAllRead: 'Tất cả thông báo đã được đánh dấu là đã đọc.',
    empty: 'Bạn chưa có thông báo nào.',
    emptyUnread: 'Bạn đã đọc hết thông báo.',
    loadFailed: 'Không thể tải thông báo.',
    retry: 'Thử lại',
    unreadMarker: 'Chưa đọc',
  },
  pageError: {
    title: 'Không thể hiển thị trang này',
    description: 'Đã xảy ra lỗi khi hiển thị trang này. Hãy thử lại hoặc quay lại sau.',
    retry: 'Thử lại',
  },
  toast: {
    settingsReset: 'Cài đặt hiển thị đã trở về mặc định.',
  },
  errorPages: {
    forbidden: {
      pageTitle: '403 Bị cấm',
      title: 'Không có quyền truy cập',
      description:
        'Trang bạn đang cố mở bị giới hạn quyền truy cập. Vui lòng liên hệ quản trị viên hệ thống.',
      home: 'Về trang chủ',
    },
    serverError: {
      pageTitle: '500 Lỗi máy chủ nội bộ',
      title: '500 Lỗi máy chủ nội bộ',
      description: 'Đã xảy ra lỗi, vui lòng thử lại sau.',
      home: 'Về trang chủ',
    },
    route: {
      retry: 'Thử lại',
      home: 'Về trang chủ',
    },
  },
  permissionDenied: {
    pageTitle: 'Không có quyền',
    title: 'Không có quyền',
    description: 'Trang này chỉ hiển thị nội dung cho quản trị viên.',
    deniedTitle: 'Không có quyền',
    deniedDescription: 'Bạn không có quyền truy cập trang này.',
    home: 'Về trang chủ',
    allowedTitle: 'Bạn có quyền truy cập',
    allowedDescription: 'Bạn thấy nội dung này vì vai trò của bạn là quản trị viên.',
    cards: {
      users: { title: 'Người dùng', text: 'Tạo, sửa, cấm và xóa tài khoản.' },
      contact: { title: 'Tin nhắn liên hệ', text: 'Đọc những gì khách truy cập viết qua biểu mẫu liên hệ.' },
      audit: { title: 'Nhật ký kiểm tra', text: 'Xem ai đã thay đổi gì và khi nào.' },
    },
  },
} satisfies TranslationOf<typeof enShell>;
