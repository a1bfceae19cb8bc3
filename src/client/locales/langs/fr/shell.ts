import type { TranslationOf } from '../../types.ts';
import type { shell as enShell } from '../en/shell.ts';

/** French shell texts (same keys as `en/shell.ts`). */
export const shell = {
  settings: {
    open: 'Paramètres',
    title: 'Paramètres',
    reset: 'Réinitialiser',
    changed: 'Certains paramètres diffèrent des valeurs par défaut',
    mode: { title: 'Mode', light: 'Clair', dark: 'Sombre' },
    contrast: { title: 'Contraste', default: 'Par défaut', bold: 'Renforcé' },
    direction: { title: 'Sens', ltr: 'De gauche à droite', rtl: 'De droite à gauche' },
    layout: { title: 'Disposition', vertical: 'Verticale', mini: 'Mini', horizontal: 'Horizontale' },
    stretch: {
      title: 'Étirer',
      tooltip: 'Disponible uniquement sur les grands écrans > 1600px (xl)',
      label: 'Étirer le contenu sur toute la largeur',
    },
    presets: {
      title: 'Couleurs',
      default: 'Par défaut',
      cyan: 'Cyan',
      purple: 'Violet',
      blue: 'Bleu',
      orange: 'Orange',
      red: 'Rouge',
    },
    fullscreen: 'Plein écran',
    exitFullscreen: 'Quitter le plein écran',
  },
  header: {
    search: 'Rechercher',
    language: 'Langue',
    notifications: 'Notifications',
    collapseNav: 'Réduire la navigation',
    expandNav: 'Déplier la navigation',
    openSubmenu: 'Ouvrir le menu {{title}}',
  },
  search: {
    title: 'Rechercher',
    inputLabel: 'Rechercher une page',
    placeholder: 'Rechercher une page…',
    noResults: 'Aucune page ne correspond à « {{query}} ».',
    hint: 'Choisissez une page avec les flèches et ouvrez-la avec Entrée.',
    dashboardGroup: 'Tableau de bord',
    publicGroup: 'Pages',
    pages: {
      pricing: 'Tarifs',
      payment: 'Paiement',
      aboutUs: 'À propos',
      contactUs: 'Contact',
      faqs: 'FAQ',
      comingSoon: 'Bientôt disponible',
      maintenance: 'Maintenance',
    },
  },
  notifications: {
    title: 'Notifications',
    all: 'Toutes',
    unread: 'Non lues',
    unreadSummary: 'Non lues : {{count}}',
    markAllRead: 'Tout marquer comme lu',
    markedAllRead: 'Toutes les notifications sont marquées comme lues.',
    empty: 'Vous n’avez encore aucune notification.',
    emptyUnread: 'Vous avez lu toutes vos notifications.',
    loadFailed: 'Les notifications n’ont pas pu être chargées.',
    retry: 'Réessayer',
    unreadMarker: 'Non lue',
  },
  pageError: {
    title: 'Cette page n’a pas pu être affichée',
    description: 'Une erreur est survenue pendant l’affichage de cette page. Réessayez ou revenez plus tard.',
    retry: 'Réessayer',
  },
  toast: {
    settingsReset: 'Les paramètres d’affichage sont revenus aux valeurs par défaut.',
  },
  errorPages: {
    forbidden: {
      pageTitle: '403 Accès interdit',
      title: 'Accès refusé',
      description:
        'La page que vous essayez d’ouvrir est à accès restreint. Adressez-vous à l’administrateur de votre système.',
      home: 'Retour à l’accueil',
    },
    serverError: {
      pageTitle: '500 Erreur interne du serveur',
      title: '500 Erreur interne du serveur',
      description: 'Une erreur s’est produite, veuillez réessayer plus tard.',
      home: 'Retour à l’accueil',
    },
    route: {
      retry: 'Réessayer',
      home: 'Retour à l’accueil',
    },
  },
  permissionDenied: {
    pageTitle: 'Accès refusé',
    title: 'Accès refusé',
    description: 'Cette page n’affiche son contenu qu’aux administrateurs.',
    deniedTitle: 'Accès refusé',
    deniedDescription: 'Vous n’avez pas l’autorisation d’accéder à cette page.',
    home: 'Retour à l’accueil',
    allowedTitle: 'Vous avez accès',
    allowedDescription: 'Vous voyez ce contenu parce que votre rôle est administrateur.',
    cards: {
      users: { title: 'Utilisateurs', text: 'Créer, modifier, bannir et supprimer des comptes.' },
      contact: {
        title: 'Messages de contact',
        text: 'Lire ce que les visiteurs ont écrit dans le formulaire de contact.',
      },
      audit: { title: 'Journal d’audit', text: 'Voir qui a modifié quoi, et quand.' },
    },
  },
} satisfies TranslationOf<typeof enShell>;
