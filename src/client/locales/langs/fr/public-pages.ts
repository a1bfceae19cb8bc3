import type { PublicPagesTranslation } from '../en/public-pages.ts';

/** Textes français des pages publiques et annexes (mêmes clés que l’anglais). */
export const publicPages = {
  pricing: {
    pageTitle: 'Tarifs',
    overline: 'Tarifs',
    title: 'Des formules simples pour les équipes qui grandissent',
    description:
      'Commencez gratuitement, puis choisissez la formule adaptée à votre équipe. Changez ou résiliez à tout moment.',
    billingCycle: 'Période de facturation',
    monthly: 'Mensuel',
    yearly: 'Annuel',
    save: 'Économisez {{percent}} %',
    perMonth: '/mois',
    free: 'Gratuit',
    freeForever: 'Gratuit pour toujours',
    billedMonthly: 'Facturé chaque mois',
    billedYearly: 'Facturé à l’année : {{total}}',
    popular: 'La plus choisie',
    included: 'Inclus',
    notIncluded: 'Non inclus',
    featuresOf: 'Fonctionnalités de la formule {{plan}}',
    plans: {
      basic: {
        name: 'Basique',
        description: 'Pour les personnes qui découvrent Atrium.',
        cta: 'Commencer avec Basique',
      },
      starter: {
        name: 'Starter',
        description: 'Pour les petites équipes qui travaillent ensemble au quotidien.',
        cta: 'Choisir Starter',
      },
      premium: {
        name: 'Premium',
        description: 'Pour les organisations qui ont besoin de tout, avec une aide prioritaire.',
        cta: 'Choisir Premium',
      },
    },
    features: {
      members: 'Jusqu’à {{count}} membres d’équipe',
      unlimitedMembers: 'Membres d’équipe illimités',
      storage: '{{size}} Go de stockage de fichiers',
      coreApps: 'Messagerie, chat, agenda et kanban',
      commerce: 'Boutique, commandes et factures',
      analytics: 'Tableaux de bord analytiques',
      prioritySupport: 'Assistance prioritaire',
    },
    note: 'Prix en dollars américains, hors taxes. Cette instance de démonstration n’encaisse aucun paiement réel.',
  },
  payment: {
    pageTitle: 'Paiement',
    title: 'Finalisons votre passage à la vitesse supérieure !',
    description: 'Des formules professionnelles pour les équipes de toutes tailles.',
    demoNotice:
      'Démonstration uniquement : cette instance n’encaisse aucun paiement réel. Les données de carte ne quittent jamais votre navigateur.',
    billing: {
      title: 'Coordonnées de facturation',
      name: 'Nom complet',
      email: 'Adresse e-mail',
      address: 'Adresse',
      city: 'Ville',
      zipCode: 'Code postal',
      country: 'Pays',
    },
    card: {
      title: 'Moyen de paiement',
      holder: 'Nom sur la carte',
      number: 'Numéro de carte',
      expiry: 'Date d’expiration (MM/AA)',
      expiryPlaceholder: 'MM/AA',
      cvc: 'Cryptogramme',
      cvcHelp: '3 ou 4 chiffres au dos de la carte',
      secure: 'Un chiffrement SSL 256 bits protégerait un vrai paiement.',
    },
    summary: {
      title: 'Récapitulatif',
      plan: 'Formule',
      billingCycle: 'Période de facturation',
      perMonth: 'Prix par mois',
      total: 'Total facturé',
      totalMonthly: 'Total facturé chaque mois',
      totalYearly: 'Total facturé à l’année',
      submit: 'Payer maintenant',
      changePlan: 'Changer de formule',
    },
    errors: {
      nameRequired: 'Le nom complet est obligatoire',
      addressRequired: 'L’adresse est obligatoire',
      cityRequired: 'La ville est obligatoire',
      countryRequired: 'Le pays est obligatoire',
      holderRequired: 'Le nom sur la carte est obligatoire',
      numberRequired: 'Le numéro de carte est obligatoire',
      numberInvalid: 'Saisissez un numéro de carte valide (13 à 19 chiffres)',
      expiryRequired: 'La date d’expiration est obligatoire',
      expiryInvalid: 'Saisissez la date d’expiration au format MM/AA',
      expiryPast: 'Cette carte a expiré',
      cvcInvalid: 'Saisissez le cryptogramme à 3 ou 4 chiffres',
    },
    done: {
      toast: 'Paiement simulé : rien n’a été débité',
      title: 'Merci — votre commande est confirmée (démonstration)',
      description:
        'Cette instance n’encaisse aucun paiement réel : aucun argent n’a été prélevé et aucune donnée de carte n’a été envoyée ni enregistrée.',
      cardEnding: 'Carte se terminant par {{last4}}',
      another: 'Recommencer',
      home: 'Retour à l’accueil',
    },
  },
  about: {
    pageTitle: 'À propos',
    overline: 'À propos',
    title: 'Qui sommes-nous',
    description:
      'Atrium est un espace de travail auto-hébergé pour les équipes : messagerie, chat, agenda, kanban, boutique et factures réunis, sur votre propre serveur.',
    mission: {
      title: 'Notre mission',
      text: 'Nous pensons que les équipes doivent maîtriser leurs outils et leurs données. Atrium tourne sur un petit serveur, parle cinq langues et fonctionne de la même façon sur un portable et en production.',
    },
    values: {
      title: 'Nos valeurs',
      open: {
        title: 'Ouvert par défaut',
        text: 'Un code lisible, des décisions documentées et aucune dépendance imposée.',
      },
      secure: {
        title: 'Sécurisé dès la conception',
        text: 'Saisies vérifiées, sessions révocables et politique de sécurité stricte sur chaque page.',
      },
      inclusive: {
        title: 'Conçu pour tout le monde',
        text: 'Langues de droite à gauche, mode sombre et navigation au clavier sur chaque écran.',
      },
    },
    stats: {
      title: 'Atrium en chiffres',
      languages: 'Langues de l’interface',
      areas: 'Domaines fonctionnels',
      servers: 'Serveur nécessaire',
      cdn: 'Fichiers chargés depuis d’autres sites',
    },
    cta: {
      title: 'Des questions sur Atrium ?',
      text: 'Consultez la foire aux questions ou écrivez-nous.',
      faqs: 'Lire la FAQ',
      contact: 'Nous contacter',
    },
  },
  contact: {
    pageTitle: 'Contact',
    overline: 'Contact',
    title: 'N’hésitez pas à nous contacter',
    description:
      'Nous serons ravis d’avoir de vos nouvelles. Dites-nous ce dont vous avez besoin, nous vous répondrons par e-mail.',
    info: {
      emailTitle: 'E-mail',
      email: 'hello@atrium.dev',
      responseTitle: 'Délai de réponse',
      response: 'En général sous deux jours ouvrés',
      hoursTitle: 'Horaires',
      hours: 'Du lundi au vendredi, 9 h – 17 h (UTC)',
    },
    form: {
      title: 'Envoyez-nous un message',
      name: 'Votre nom',
      email: 'Adresse e-mail',
      subject: 'Objet',
      message: 'Message',
      messageCount: '{{count}} / {{max}} caractères',
      submit: 'Envoyer le message',
      sent: 'Merci — nous vous répondrons bientôt',
      /** What the form sent without JavaScript got back (`?sent=1` or `?error=` on the page it returned to). */
      postedSent: 'Votre message a été envoyé. Merci — nous vous répondrons bientôt.',
      postedErrors: {
        invalid: 'Vérifiez le formulaire : remplissez tous les champs, avec une adresse e-mail valide.',
        tooMany: 'Trop de messages depuis votre adresse. Réessayez plus tard.',
      },
    },
    errors: {
      nameRequired: 'Le nom est obligatoire',
      subjectRequired: 'L’objet est obligatoire',
      messageRequired: 'Le message est obligatoire',
      messageTooLong: 'Le message est trop long (5000 caractères au maximum)',
      lineBreak: 'Les retours à la ligne ne sont pas autorisés ici',
    },
  },
  faqs: {
    pageTitle: 'FAQ',
    overline: 'Centre d’aide',
    title: 'Questions fréquentes',
    description:
      'Les réponses aux questions qu’on nous pose le plus. Vous ne trouvez pas la vôtre ? Écrivez-nous.',
    searchLabel: 'Rechercher dans les questions',
    searchPlaceholder: 'Rechercher…',
    clearSearch: 'Effacer la recherche',
    results: '{{count}} questions sur {{total}}',
    noResultsTitle: 'Aucun résultat',
    noResults: 'Aucune question ni réponse ne correspond à « {{query}} ». Essayez d’autres mots.',
    stillQuestions: 'Encore des questions ?',
    contact: 'Nous contacter',
    items: {
      whatIsAtrium: {
        question: 'Qu’est-ce qu’Atrium ?',
        answer:
          'Atrium est un tableau de bord d’administration et un espace de travail d’équipe : messagerie, chat, agenda, kanban, e-commerce, factures, blog et gestion des utilisateurs dans une seule application web.',
      },
      selfHosted: {
        question: 'Puis-je installer Atrium sur mon propre serveur ?',
        answer:
          'Oui. Atrium est un seul processus Node.js avec une base de données intégrée ; deux commandes suffisent pour le lancer. Pour les grandes équipes, reliez-le à un serveur PostgreSQL.',
      },
      freePlan: {
        question: 'Existe-t-il une formule gratuite ?',
        answer: 'Oui, la formule Basique est gratuite pour toujours, jusqu’à 3 membres d’équipe.',
      },
      changePlan: {
        question: 'Puis-je changer de formule plus tard ?',
        answer:
          'Vous pouvez monter ou descendre de formule à tout moment. Avec la facturation annuelle, vous économisez 20 % par rapport au paiement mensuel.',
      },
      payments: {
        question: 'Cette démonstration encaisse-t-elle de vrais paiements ?',
        answer:
          'Non. La page de paiement vérifie le format du numéro de carte dans votre navigateur et n’envoie rien ; aucune donnée de carte n’est enregistrée.',
      },
      languages: {
        question: 'Quelles langues sont disponibles ?',
        answer:
          'L’anglais, le français, le vietnamien, le chinois et l’arabe. L’arabe affiche toute l’interface de droite à gauche.',
      },
      darkMode: {
        question: 'Existe-t-il un mode sombre ?',
        answer:
          'Oui. Ouvrez le panneau des réglages avec le bouton en forme d’engrenage pour choisir le mode clair ou sombre, le contraste, la mise en page et les couleurs.',
      },
      dataSecurity: {
        question: 'Comment mes données sont-elles protégées ?',
        answer:
          'Les mots de passe sont hachés avec Argon2id, les sessions sont révocables, chaque requête est vérifiée sur le serveur et rien n’est chargé depuis d’autres sites.',
      },
      cancel: {
        question: 'Comment résilier ?',
        answer:
          'Résiliez à tout moment depuis la page de votre compte ; vos données restent disponibles jusqu’à ce que vous les supprimiez.',
      },
      support: {
        question: 'Comment obtenir de l’aide ?',
        answer:
          'Utilisez le formulaire de contact. Les clients Premium bénéficient d’une assistance prioritaire.',
      },
    },
  },
  comingSoon: {
    pageTitle: 'Bientôt disponible',
    title: 'Bientôt disponible !',
    description: 'Nous travaillons dur sur cette page. Lancement dans :',
    launchDate: 'Date de lancement : {{date}}',
    countdownLabel: 'Temps restant avant le lancement',
    days: 'Jours',
    hours: 'Heures',
    minutes: 'Minutes',
    seconds: 'Secondes',
    launched: 'C’est lancé !',
    home: 'Retour à l’accueil',
  },
  maintenance: {
    pageTitle: 'Maintenance',
    title: 'Site en cours de maintenance',
    description: 'Nous mettons Atrium à jour pour l’améliorer. Merci de votre patience.',
    home: 'Retour à l’accueil',
    why: {
      title: 'Pourquoi le site est-il indisponible ?',
      text: 'Nous installons des mises à jour et améliorons la base de données.',
    },
    downtime: { title: 'Combien de temps cela va-t-il durer ?', text: 'En général moins de 30 minutes.' },
    support: { title: 'Besoin d’aide ?', text: 'Écrivez-nous depuis la page de contact.' },
  },
  componentsGallery: {
    pageTitle: 'Composants',
    title: 'Composants',
    description: 'Les briques dont sont faites les pages d’Atrium, présentées avec leur vrai comportement.',
    sections: {
      logo: 'Logo',
      textField: 'Champ de formulaire',
      passwordField: 'Champ de mot de passe',
      label: 'Étiquettes',
      loading: 'Indicateurs de chargement',
      navSection: 'Section de navigation',
      errorViews: 'Pages d’erreur',
      toasts: 'Notifications éphémères',
      illustrations: 'Illustrations',
    },
    sample: {
      name: 'Nom',
      nameHelp: 'Laissez-le vide et appuyez sur Vérifier pour voir l’erreur',
      nameRequired: 'Le nom est obligatoire',
      password: 'Mot de passe',
      check: 'Vérifier',
      checked: 'Tout est bon !',
    },
    labels: {
      default: 'Par défaut',
      primary: 'Principal',
      success: 'Succès',
      warning: 'Avertissement',
      error: 'Erreur',
      info: 'Info',
    },
    nav: {
      groupGeneral: 'Groupe d’exemple',
      app: 'Application',
      pricing: 'Tarifs',
      more: 'Autres pages',
      faqs: 'FAQ',
      contact: 'Contact',
    },
    errorViews: {
      text: 'Chaque page d’erreur a sa propre illustration et un lien vers l’accueil.',
      open403: 'Ouvrir la page 403',
      open404: 'Ouvrir la page 404',
      open500: 'Ouvrir la page 500',
    },
    toasts: {
      text: 'Cinq au maximum à la fois, fermées à la main ou après trois secondes.',
      info: 'Info',
      success: 'Succès',
      warning: 'Avertissement',
      error: 'Erreur',
      infoMessage: 'Ceci est un message d’information',
      successMessage: 'Enregistré avec succès',
      warningMessage: 'Vérifiez ceci avant de continuer',
      errorMessage: 'Une erreur s’est produite',
    },
  },
  blank: {
    pageTitle: 'Page vierge',
    title: 'Page vierge',
    emptyTitle: 'Rien ici pour le moment',
    emptyDescription: 'Cette page est un point de départ vide pour de nouveaux contenus.',
  },
} satisfies PublicPagesTranslation;
