import type { overview as en } from '../en/overview.ts';

/** 概览仪表板组件的中文文本（issue 26 A；与英文键相同）。 */
export const overview: typeof en = {
  overview: {
    widget: {
      info: '计算方式：{{title}}',
      menu: '操作：{{title}}',
      exportCsv: '导出 CSV',
      downloadPng: '下载 PNG',
      openList: '打开列表',
      viewAll: '查看全部',
      empty: '此期间暂无数据。',
      error: '无法加载此组件。',
      imageFailed: '无法生成图片。',
      change: {
        new: '新增',
        up: '上升',
        down: '下降',
        flat: '无变化',
      },
      carousel: {
        label: '幻灯片',
        slide: '第 {{index}} 张，共 {{total}} 张',
        previous: '上一张',
        next: '下一张',
        goTo: '转到第 {{index}} 张',
      },
    },
    range: {
      label: '日期范围',
      button: '日期范围：{{range}}',
      presets: {
        today: '今天',
        '7d': '最近 {{total}} 天',
        '30d': '最近 {{total}} 天',
        month: '本月',
        quarter: '本季度',
        year: '今年',
        custom: '自定义范围',
      },
      customItem: '自定义范围…',
      vsPrevious_one: '与前一天相比',
      vsPrevious_other: '与之前 {{count}} 天相比',
      custom: {
        title: '自定义范围',
        from: '开始',
        to: '结束',
        apply: '应用',
        cancel: '取消',
      },
      errors: {
        invalid: '请输入开始日期和结束日期。',
        order: '开始日期不能晚于结束日期。',
        tooLong: '范围最长为 {{max}} 天。',
      },
    },
  },
};
