import type { TranslationOf } from '../../types.ts';
import type { shell as enShell } from '../en/shell.ts';

/** Chinese (Simplified) shell texts (same keys as `en/shell.ts`). */
export const shell = {
  settings: {
    open: '设置',
    title: '设置',
    reset: '重置',
    changed: '部分设置与默认值不同',
    mode: { title: '模式', light: '浅色', dark: '深色' },
    contrast: { title: '对比度', default: '默认', bold: '加强' },
    direction: { title: '方向', ltr: '从左到右', rtl: '从右到左' },
    layout: { title: '布局', vertical: '垂直', mini: '迷你', horizontal: '水平' },
    stretch: {
      title: '拉伸',
      tooltip: '仅在大分辨率 > 1600px (xl) 下可用',
      label: '将内容拉伸至全宽',
    },
    presets: {
      title: '预设颜色',
      default: '默认',
      cyan: '青色',
      purple: '紫色',
      blue: '蓝色',
      orange: '橙色',
      red: '红色',
    },
    fullscreen: '全屏',
    exitFullscreen: '退出全屏',
  },
  header: {
    search: '搜索',
    language: '语言',
    notifications: '通知',
    collapseNav: '收起导航',
    expandNav: '展开导航',
    openSubmenu: '打开{{title}}菜单',
  },
  search: {
    title: '搜索',
    inputLabel: '搜索页面',
    placeholder: '搜索页面…',
    noResults: '没有与“{{query}}”匹配的页面。',
    hint: '使用方向键选择页面，按 Enter 键打开。',
    dashboardGroup: '仪表板',
    publicGroup: '页面',
    pages: {
      pricing: '价格',
      payment: '支付',
      aboutUs: '关于我们',
      contactUs: '联系我们',
      faqs: '常见问题',
      comingSoon: '即将推出',
      maintenance: '维护中',
    },
  },
  notifications: {
    title: '通知',
    all: '全部',
    unread: '未读',
    unreadSummary: '未读：{{count}}',
    markAllRead: '全部标为已读',
    markedAllRead: '所有通知已标为已读。',
    empty: '您还没有任何通知。',
    emptyUnread: '您已阅读所有通知。',
    loadFailed: '无法加载通知。',
    retry: '重试',
    unreadMarker: '未读',
  },
  pageError: {
    title: '无法显示此页面',
    description: '显示此页面时出错。请重试，或稍后再来。',
    retry: '重试',
  },
  toast: {
    settingsReset: '显示设置已恢复为默认值。',
  },
} satisfies TranslationOf<typeof enShell>;
