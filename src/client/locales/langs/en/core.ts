import { validationMessagesEn } from '#shared/lib/validation-messages.ts';

/** `{ 'validation.emailRequired': '…' }` → `{ emailRequired: '…' }`, so i18next finds `validation.emailRequired`. */
function stripPrefix<K extends string, P extends string>(
  messages: Record<`${P}.${K}`, string>,
  prefix: P,
): Record<K, string> {
  return Object.fromEntries(
    Object.entries<string>(messages).map(([key, text]) => [key.slice(prefix.length + 1), text]),
  ) as Record<K, string>;
}

type ValidationKeyName<T> = T extends `validation.${infer K}` ? K : never;

const validation = stripPrefix<ValidationKeyName<keyof typeof validationMessagesEn>, 'validation'>(
  validationMessagesEn,
  'validation',
);

/**
 * English core texts: app, account (the sign-in pages; the header's account menu is `accountMenu`), dashboard shell,
 * errors. Part of the `translations` namespace (see index.ts).
 */
export const core = {
  app: {
    name: 'Atrium',
    loading: 'Loading…',
    homeLink: 'Atrium home',
  },
  common: {
    close: 'Close',
    somethingWentWrong: 'Something went wrong',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    emailLabel: 'Email address',
    passwordLabel: 'Password',
    cancel: 'Cancel',
    breadcrumbs: 'Breadcrumbs',
    saveChanges: 'Save changes',
    staleEdit:
      'Someone else changed this while you were editing. The form now shows what is saved: make your changes again.',
    retry: 'Retry',
    table: {
      selectAll: 'Select all rows on this page',
      selectRow: 'Select {{name}}',
      expandRow: 'Show details of {{name}}',
      collapseRow: 'Hide details of {{name}}',
      empty: 'No rows',
    },
    chart: {
      dataTable: '{{title}}: data table',
      category: 'Category',
      value: 'Value',
      empty: 'No data for this period yet',
      open: 'Open',
      openItem: 'Open the list: {{item}}',
    },
  },
  validation: {
    ...validation,
  },
  account: {
    layout: {
      tagline: 'Manage the job more effectively with workflows that just work.',
    },
    login: {
      pageTitle: 'Sign in',
      title: 'Sign in to Atrium',
      noAccount: 'Don’t have an account?',
      getStarted: 'Get started',
      forgotPassword: 'Forgot password?',
      submit: 'Sign in',
      demoAccount:
        'Demo account: {{email}}. Its password is printed when the server starts and kept in the file demo-password of the data folder (DATA_DIR).',
      useDemo: 'Use demo account',
      /** What the sign-in form sent without JavaScript got back (`?error=` on the page it returned to). */
      formErrors: {
        invalid: 'Invalid email or password',
        suspended: 'This account has been suspended. Contact an administrator.',
        tooMany: 'Too many attempts. Wait a few minutes, then try again.',
        invalidInput: 'Enter your email address and your password.',
      },
    },
    register: {
      pageTitle: 'Register',
      title: 'Get started absolutely free',
      haveAccount: 'Already have an account?',
      signIn: 'Sign in',
      firstName: 'First name',
      lastName: 'Last name',
      passwordHint: 'At least 8 characters',
      submit: 'Create account',
      terms: 'By signing up, I agree to the Terms of service and Privacy policy.',
      closed: 'Registration is closed. Ask an administrator of the workspace for an account.',
      inviteOnly:
        'Registration is by invitation only. Ask a member of the workspace to send you an invitation link.',
      inviteInvalid:
        'This invitation link is not valid any more: it was used, revoked or has expired. Ask for a new one.',
      invitedBy: '{{name}} invited you. Create your account with the address the invitation was sent to.',
      invited: 'You were invited. Create your account with the address the invitation was sent to.',
      approvalNotice:
        'An administrator approves new accounts. You can sign in once your account is approved; we will mail you.',
    },
    pending: {
      pageTitle: 'Waiting for approval',
      title: 'Your account is waiting for approval',
      description: 'An administrator of the workspace approves new accounts.',
      message:
        'We will mail {{email}} as soon as an administrator has approved your account. This page moves on by itself.',
      check: 'Check again',
      signOut: 'Sign out',
    },
    resetPassword: {
      pageTitle: 'Reset password',
      title: 'Forgot your password?',
      description:
        'Enter the email address associated with your account and we will send you a 6-digit code to reset your password.',
      submit: 'Send code',
      backToLogin: 'Return to sign in',
    },
    verify: {
      pageTitle: 'Enter code',
      titleVerify: 'Confirm your email address',
      titleReset: 'Check your email',
      descriptionVerify: 'Enter the 6-digit code we sent to your email address to confirm it.',
      descriptionReset:
        'If an account exists for this email, we have sent a 6-digit code to it. Enter it below.',
      codeLabel: '6-digit code',
      submitVerify: 'Verify',
      submitReset: 'Continue',
      noCode: 'Don’t have a code?',
      resend: 'Resend code',
      resent: 'A new code has been sent to {{email}}.',
      resentReset: 'If an account exists for {{email}}, a new code has been sent to it.',
      verified: 'Your email address is confirmed.',
      backToDashboard: 'Back to dashboard',
      backToLogin: 'Return to sign in',
    },
    newPassword: {
      pageTitle: 'New password',
      title: 'Set a new password',
      description: 'Enter the 6-digit code from the email and choose a new password.',
      codeLabel: '6-digit code',
      passwordLabel: 'New password',
      confirmLabel: 'Confirm new password',
      submit: 'Update password',
      success: 'Your password has been updated. You can sign in now.',
      backToLogin: 'Return to sign in',
    },
  },
  verifyBanner: {
    message: 'Please confirm your email address. We sent a 6-digit code to {{email}}.',
    enterCode: 'Enter code',
    resend: 'Resend code',
  },
  /** The rich text editor's toolbar (components/editor), for every area that writes formatted text. */
  editor: {
    bold: 'Bold',
    italic: 'Italic',
    underline: 'Underline',
    bulletList: 'Bulleted list',
    orderedList: 'Numbered list',
    link: 'Link',
    linkPrompt: 'Link address',
    quote: 'Quote',
    code: 'Code',
  },
  nav: {
    label: 'Main navigation',
    open: 'Open navigation',
    general: 'General',
    management: 'Management',
    app: 'App',
    ecommerce: 'E-commerce',
    analytics: 'Analytics',
    banking: 'Banking',
    booking: 'Booking',
    file: 'File',
    user: 'User',
    profile: 'Profile',
    cards: 'Cards',
    list: 'List',
    create: 'Create',
    edit: 'Edit',
    audit: 'Audit log',
    account: 'Account',
    shop: 'Shop',
    product: 'Product',
    checkout: 'Checkout',
    orders: 'Orders',
    discounts: 'Discount codes',
    invoice: 'Invoice',
    details: 'Details',
    blog: 'Blog',
    posts: 'Posts',
    post: 'Post',
    fileManager: 'File manager',
    mail: 'Mail',
    chat: 'Chat',
    calendar: 'Calendar',
    kanban: 'Kanban',
    workspace: 'Workspace settings',
    otherCases: 'Other cases',
    itemByRoles: 'Item by roles',
    onlyAdmin: 'Only admin can see this item',
    menuLevel: 'Menu level',
    level2a: 'Level 2a',
    level2b: 'Level 2b',
    level3a: 'Level 3a',
    level3b: 'Level 3b',
    level4a: 'Level 4a',
    level4b: 'Level 4b',
    itemDisabled: 'Item disabled',
    itemLabel: 'Item label',
    itemCaption: 'Item caption',
    captionText: 'A caption adds a short explanation under an item.',
    externalLink: 'External link',
    opensInNewTab: '(opens in a new tab)',
    newLabel: 'NEW',
  },
  accountMenu: {
    button: 'Account',
    home: 'Home',
    profile: 'Profile',
    settings: 'Settings',
    logout: 'Logout',
    logoutFailed: 'Could not reach the server; you are signed out on this device.',
    status: 'Status',
    statuses: {
      online: 'Online',
      away: 'Away',
      busy: 'Busy',
      offline: 'Appear offline',
    },
  },
  roles: {
    admin: 'Admin',
    user: 'User',
  },
  errors: {
    notFound: {
      pageTitle: 'Page not found',
      code: '404',
      title: 'Page not found',
      description:
        'Sorry, we couldn’t find the page you’re looking for. Perhaps you’ve mistyped the URL? Be sure to check your spelling.',
      home: 'Go to home',
    },
    unexpected: {
      pageTitle: 'Error',
      title: 'Something went wrong',
      description: 'The page could not be displayed. Reload the page to try again.',
      reload: 'Reload page',
    },
  },
};
