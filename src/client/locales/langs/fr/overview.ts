import type { overview as en } from '../en/overview.ts';

/** Textes français des blocs des tableaux de bord (issue 26 A ; mêmes clés que l’anglais). */
export const overview: typeof en = {
  overview: {
    widget: {
      info: 'Mode de calcul : {{title}}',
      menu: 'Actions : {{title}}',
      exportCsv: 'Exporter en CSV',
      downloadPng: 'Télécharger en PNG',
      openList: 'Ouvrir la liste',
      viewAll: 'Tout voir',
      empty: 'Rien sur cette période pour l’instant.',
      error: 'Ce widget n’a pas pu être chargé.',
      imageFailed: 'L’image n’a pas pu être créée.',
      change: {
        new: 'Nouveau',
        up: 'En hausse',
        down: 'En baisse',
        flat: 'Sans changement',
      },
      carousel: {
        label: 'Diapositives',
        slide: '{{index}} sur {{total}}',
        previous: 'Diapositive précédente',
        next: 'Diapositive suivante',
        goTo: 'Aller à la diapositive {{index}}',
      },
    },
    range: {
      label: 'Période',
      button: 'Période : {{range}}',
      presets: {
        today: 'Aujourd’hui',
        '7d': '{{total}} derniers jours',
        '30d': '{{total}} derniers jours',
        month: 'Ce mois-ci',
        quarter: 'Ce trimestre',
        year: 'Cette année',
        custom: 'Période personnalisée',
      },
      customItem: 'Période personnalisée…',
      vsPrevious_one: 'par rapport à la veille',
      vsPrevious_other: 'par rapport aux {{count}} jours précédents',
      custom: {
        title: 'Période personnalisée',
        from: 'Début',
        to: 'Fin',
        apply: 'Appliquer',
        cancel: 'Annuler',
      },
      errors: {
        invalid: 'Saisissez une date de début et une date de fin.',
        order: 'Le début doit précéder la fin ou tomber le même jour.',
        tooLong: 'Une période dure au plus {{max}} jours.',
      },
    },
  },
};
