/**
 * English texts of the overview dashboards' blocks (issue 26 A): the widget card and the dashboard's date
 * range, the `overview` namespace (loaded with the dashboards' routes); the other languages are typed against
 * it. The welcome page's first texts (`overview.app.*`) stay in the start part `core`.
 */
export const overview = {
  overview: {
    widget: {
      info: 'How this is computed: {{title}}',
      menu: 'Actions: {{title}}',
      exportCsv: 'Export CSV',
      downloadPng: 'Download PNG',
      openList: 'Open list',
      viewAll: 'View all',
      empty: 'Nothing in this period yet.',
      error: 'This widget could not be loaded.',
      imageFailed: 'The image could not be made.',
      change: {
        new: 'New',
        up: 'Up',
        down: 'Down',
        flat: 'No change',
      },
      carousel: {
        label: 'Slides',
        slide: '{{index}} of {{total}}',
        previous: 'Previous slide',
        next: 'Next slide',
        goTo: 'Go to slide {{index}}',
      },
    },
    range: {
      label: 'Date range',
      button: 'Date range: {{range}}',
      presets: {
        today: 'Today',
        '7d': 'Last {{total}} days',
        '30d': 'Last {{total}} days',
        month: 'This month',
        quarter: 'This quarter',
        year: 'This year',
        custom: 'Custom range',
      },
      customItem: 'Custom range…',
      vsPrevious_one: 'vs the previous day',
      vsPrevious_other: 'vs the previous {{count}} days',
      custom: {
        title: 'Custom range',
        from: 'Start',
        to: 'End',
        apply: 'Apply',
        cancel: 'Cancel',
      },
      errors: {
        invalid: 'Enter a start and an end date.',
        order: 'The start must be on or before the end.',
        tooLong: 'A range can be at most {{max}} days long.',
      },
    },
  },
};
