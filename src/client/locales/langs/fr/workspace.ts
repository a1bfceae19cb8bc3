import type { workspace as en } from '../en/workspace.ts';

/** Textes français des paramètres de l’espace de travail (issue 24 A ; mêmes clés que l’anglais). */
export const workspace: typeof en = {
  workspace: {
    pageTitle: 'Paramètres de l’espace de travail',
    heading: 'Paramètres de l’espace de travail',
    crumb: 'Espace de travail',
    loadFailed: 'Les paramètres de l’espace de travail n’ont pas pu être chargés.',
    retry: 'Réessayer',
    saved: 'Paramètres de l’espace de travail enregistrés',
    stale:
      'Quelqu’un d’autre a modifié les paramètres pendant que vous les éditiez. Le formulaire affiche maintenant les valeurs actuelles : refaites vos modifications et enregistrez.',
    signup: {
      title: 'Inscription',
      subheader:
        'Qui peut créer un compte dans cet espace de travail. Le premier compte d’un espace vide en est toujours l’administrateur.',
      legend: 'Inscription',
      recommended: 'Recommandé',
      modes: {
        open: 'Ouverte',
        verify: 'Vérification de l’e-mail',
        approval: 'Validation par un administrateur',
        invite: 'Sur invitation uniquement',
        closed: 'Fermée',
      },
      explain: {
        open: 'Tout le monde peut s’inscrire et tout utiliser immédiatement.',
        verify:
          'Tout le monde peut s’inscrire et travailler dans l’espace ; écrire à des adresses extérieures et inviter des personnes attendent que l’adresse e-mail soit vérifiée.',
        approval:
          'Les nouveaux comptes attendent la validation d’un administrateur dans l’onglet En attente de la liste des utilisateurs.',
        invite: 'Seules les personnes invitées par un lien peuvent s’inscrire.',
        closed: 'Aucune inscription : comptes existants uniquement.',
      },
      membersMayInvite: 'Les membres peuvent inviter des personnes',
      membersMayInviteHint: 'Sinon, seuls les administrateurs envoient des invitations.',
    },
    mailQuota: {
      title: 'Quotas d’e-mails',
      subheader:
        'Combien de destinataires extérieurs peuvent recevoir des e-mails. Au-delà d’une limite, l’envoi est refusé avec un message qui la nomme.',
      perPersonHour: 'Destinataires extérieurs par personne et par heure',
      perPersonDay: 'Destinataires extérieurs par personne et par jour',
      instanceDay: 'Destinataires extérieurs pour l’espace de travail par jour',
      perPersonHourMax: '100 000 au maximum',
      perPersonDayMax: '1 000 000 au maximum',
      instanceDayMax: '10 000 000 au maximum',
    },
    storage: {
      title: 'Stockage',
      subheader:
        'L’espace dont chaque personne dispose pour ses fichiers, sauf si un administrateur lui attribue un autre quota.',
      quota: 'Quota de stockage par défaut par personne',
      unit: 'Go',
      hint: 'Actuellement {{size}} par personne.',
      max: '1 024 Go au maximum',
    },
    files: {
      title: 'Gestionnaire de fichiers',
      subheader:
        'Combien de temps les anciennes versions des fichiers et les éléments supprimés sont conservés.',
      versionsKept: 'Anciennes versions conservées par fichier',
      versionsKeptHint:
        'La version actuelle n’est pas comptée ; au-delà, les plus anciennes sont supprimées.',
      versionsMax: '1 000 au maximum',
      trashDays: 'Jours dans la corbeille',
      trashDaysHint: 'Ensuite, les fichiers et dossiers de la corbeille sont supprimés définitivement.',
      trashDaysMin: '1 jour au minimum',
      trashDaysMax: '3 650 jours au maximum',
      days: 'jours',
    },
    invitations: {
      title: 'Invitations',
      subheader:
        'Un lien d’inscription envoyé par e-mail à la personne ; il fonctionne une fois, pendant {{days}} jours.',
      email: 'Adresse e-mail',
      send: 'Envoyer l’invitation',
      sent: 'Invitation envoyée à {{email}}',
      table: 'Invitations',
      none: 'Aucune invitation pour le moment',
      columns: {
        email: 'E-mail',
        invitedBy: 'Invité par',
        sent: 'Envoyée',
        expires: 'Expire',
        status: 'Statut',
      },
      statuses: {
        pending: 'En attente',
        accepted: 'Acceptée',
        expired: 'Expirée',
        revoked: 'Révoquée',
      },
      nobody: 'Un compte supprimé',
      revoke: 'Révoquer',
      revokeNamed: 'Révoquer l’invitation de {{email}}',
      revokeTitle: 'Révoquer cette invitation ?',
      revokeText: 'Le lien envoyé à {{email}} ne fonctionnera plus.',
      revoked: 'L’invitation de {{email}} a été révoquée',
    },
  },
};
