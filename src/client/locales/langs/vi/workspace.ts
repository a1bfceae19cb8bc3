import type { workspace as en } from '../en/workspace.ts';

/** Văn bản tiếng Việt của trang cài đặt không gian làm việc (issue 24 A; cùng khóa với tiếng Anh). */
export const workspace: typeof en = {
  workspace: {
    pageTitle: 'Cài đặt không gian làm việc',
    heading: 'Cài đặt không gian làm việc',
    crumb: 'Không gian làm việc',
    loadFailed: 'Không thể tải cài đặt không gian làm việc.',
    retry: 'Thử lại',
    saved: 'Đã lưu cài đặt không gian làm việc',
    stale:
      'Người khác đã thay đổi cài đặt trong lúc bạn chỉnh sửa. Biểu mẫu hiện hiển thị các giá trị hiện tại: hãy thực hiện lại thay đổi và lưu.',
    signup: {
      title: 'Đăng ký',
      subheader:
        'Ai có thể tạo tài khoản trong không gian làm việc này. Tài khoản đầu tiên của một không gian trống luôn là quản trị viên.',
      legend: 'Đăng ký tài khoản',
      recommended: 'Khuyên dùng',
      modes: {
        open: 'Mở',
        verify: 'Xác minh email',
        approval: 'Quản trị viên phê duyệt',
        invite: 'Chỉ theo lời mời',
        closed: 'Đóng',
      },
      explain: {
        open: 'Bất kỳ ai cũng có thể đăng ký và sử dụng mọi thứ ngay lập tức.',
        verify:
          'Bất kỳ ai cũng có thể đăng ký và làm việc trong không gian; gửi thư ra địa chỉ bên ngoài và mời người khác phải chờ đến khi email được xác minh.',
        approval: 'Tài khoản mới chờ quản trị viên phê duyệt trong thẻ Đang chờ của danh sách người dùng.',
        invite: 'Chỉ những người được mời qua liên kết mới có thể đăng ký.',
        closed: 'Không cho đăng ký: chỉ các tài khoản hiện có.',
      },
      membersMayInvite: 'Thành viên có thể mời người khác',
      membersMayInviteHint: 'Nếu không, chỉ quản trị viên gửi lời mời.',
    },
    mailQuota: {
      title: 'Hạn mức thư',
      subheader:
        'Số người nhận bên ngoài có thể được gửi thư. Vượt quá hạn mức, việc gửi bị từ chối kèm thông báo nêu rõ hạn mức đó.',
      perPersonHour: 'Người nhận bên ngoài mỗi người mỗi giờ',
      perPersonDay: 'Người nhận bên ngoài mỗi người mỗi ngày',
      instanceDay: 'Người nhận bên ngoài của cả không gian mỗi ngày',
      perPersonHourMax: 'Tối đa 100.000',
      perPersonDayMax: 'Tối đa 1.000.000',
      instanceDayMax: 'Tối đa 10.000.000',
    },
    storage: {
      title: 'Lưu trữ',
      subheader: 'Dung lượng mỗi người có cho tệp, trừ khi quản trị viên cấp cho họ hạn mức khác.',
      quota: 'Hạn mức lưu trữ mặc định mỗi người',
      unit: 'GB',
      hint: 'Hiện tại {{size}} mỗi người.',
      max: 'Tối đa 1.024 GB',
    },
    files: {
      title: 'Trình quản lý tệp',
      subheader: 'Thời gian giữ các phiên bản cũ của tệp và các mục đã xóa.',
      versionsKept: 'Số phiên bản cũ giữ lại cho mỗi tệp',
      versionsKeptHint: 'Không tính phiên bản hiện tại; vượt quá số này, các phiên bản cũ nhất bị xóa.',
      versionsMax: 'Tối đa 1.000',
      trashDays: 'Số ngày trong thùng rác',
      trashDaysHint: 'Sau thời gian này, tệp và thư mục trong thùng rác bị xóa vĩnh viễn.',
      trashDaysMin: 'Ít nhất 1 ngày',
      trashDaysMax: 'Tối đa 3.650 ngày',
      days: 'ngày',
    },
    invitations: {
      title: 'Lời mời',
      subheader:
        'Một liên kết đăng ký được gửi qua email cho người đó; dùng được một lần, trong {{days}} ngày.',
      email: 'Địa chỉ email',
      send: 'Gửi lời mời',
      sent: 'Đã gửi lời mời đến {{email}}',
      table: 'Lời mời',
      none: 'Chưa có lời mời nào',
      columns: {
        email: 'Email',
        invitedBy: 'Người mời',
        sent: 'Đã gửi',
        expires: 'Hết hạn',
        status: 'Trạng thái',
      },
      statuses: {
        pending: 'Đang chờ',
        accepted: 'Đã chấp nhận',
        expired: 'Đã hết hạn',
        revoked: 'Đã thu hồi',
      },
      nobody: 'Một tài khoản đã bị xóa',
      revoke: 'Thu hồi',
      revokeNamed: 'Thu hồi lời mời của {{email}}',
      revokeTitle: 'Thu hồi lời mời này?',
      revokeText: 'Liên kết đã gửi đến {{email}} sẽ không còn hoạt động.',
      revoked: 'Đã thu hồi lời mời của {{email}}',
    },
  },
};
