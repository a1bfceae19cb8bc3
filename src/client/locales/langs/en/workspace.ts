/**
 * English texts of the workspace settings area (issue 24 A), the `workspace` namespace (loaded with the
 * page's route); the other languages are typed against it.
 */
export const workspace = {
  workspace: {
    pageTitle: 'Workspace settings',
    heading: 'Workspace settings',
    crumb: 'Workspace',
    loadFailed: 'The workspace settings could not be loaded.',
    retry: 'Try again',
    saved: 'Workspace settings saved',
    stale:
      'Someone else changed the workspace settings while you were editing. The form now shows the current values: make your changes again and save.',
    signup: {
      title: 'Sign-up',
      subheader:
        'Who may create an account on this workspace. The first account of an empty workspace is always its administrator.',
      legend: 'Registration',
      recommended: 'Recommended',
      modes: {
        open: 'Open',
        verify: 'Email verification',
        approval: 'Administrator approval',
        invite: 'Invitation only',
        closed: 'Closed',
      },
      explain: {
        open: 'Anyone can register and use everything at once.',
        verify:
          'Anyone can register and work inside the workspace; mailing outside addresses and inviting people wait until their email address is verified.',
        approval: 'New accounts wait for an administrator’s approval in the Pending tab of the users list.',
        invite: 'Only people invited by a link can register.',
        closed: 'No registration: existing accounts only.',
      },
      membersMayInvite: 'Members may invite people',
      membersMayInviteHint: 'Otherwise only administrators send invitations.',
    },
    mailQuota: {
      title: 'Mail quotas',
      subheader:
        'How many outside recipients may be mailed. Beyond a limit, sending is refused with a message naming it.',
      perPersonHour: 'Outside recipients per person per hour',
      perPersonDay: 'Outside recipients per person per day',
      instanceDay: 'Outside recipients for the workspace per day',
      perPersonHourMax: 'At most 100,000',
      perPersonDayMax: 'At most 1,000,000',
      instanceDayMax: 'At most 10,000,000',
    },
    storage: {
      title: 'Storage',
      subheader: 'The space each person has for files, unless an administrator gives them another quota.',
      quota: 'Default storage quota per person',
      unit: 'GB',
      hint: 'Currently {{size}} per person.',
      max: 'At most 1,024 GB',
    },
    files: {
      title: 'File manager',
      subheader: 'How long older versions of files and deleted items are kept.',
      versionsKept: 'Older versions kept per file',
      versionsKeptHint: 'The current version is not counted; beyond this number the oldest are deleted.',
      versionsMax: 'At most 1,000',
      trashDays: 'Days in the trash',
      trashDaysHint: 'After this, trashed files and folders are deleted forever.',
      trashDaysMin: 'At least 1 day',
      trashDaysMax: 'At most 3,650 days',
      days: 'days',
    },
    invitations: {
      title: 'Invitations',
      subheader: 'A registration link, mailed to the person; it works once, for {{days}} days.',
      email: 'Email address',
      send: 'Send invitation',
      sent: 'Invitation sent to {{email}}',
      table: 'Invitations',
      none: 'No invitations yet',
      columns: {
        email: 'Email',
        invitedBy: 'Invited by',
        sent: 'Sent',
        expires: 'Expires',
        status: 'Status',
      },
      statuses: {
        pending: 'Pending',
        accepted: 'Accepted',
        expired: 'Expired',
        revoked: 'Revoked',
      },
      nobody: 'A deleted account',
      revoke: 'Revoke',
      revokeNamed: 'Revoke the invitation of {{email}}',
      revokeTitle: 'Revoke this invitation?',
      revokeText: 'The link sent to {{email}} will stop working.',
      revoked: 'The invitation of {{email}} was revoked',
    },
  },
};
