import type { Db } from '../../db/client.ts';
import { richTextToText } from '../../lib/rich-text.ts';
import { deliverSystemMail } from './mail.repo.ts';

type Language = 'en' | 'fr' | 'vi' | 'cn' | 'ar';

const welcome: Record<Language, { subject: string; html: (name: string) => string }> = {
  en: {
    subject: 'Welcome to Atrium',
    html: (name) =>
      `<p>Hello ${name},</p><p>Your account is ready. Write to anyone on this instance by their email address, chat with them live, and keep your calendar and boards in one place.</p><p>— The Atrium team</p>`,
  },
  fr: {
    subject: 'Bienvenue sur Atrium',
    html: (name) =>
      `<p>Bonjour ${name},</p><p>Votre compte est prêt. Écrivez à toute personne de cette instance par son adresse e-mail, discutez en direct et gardez votre agenda et vos tableaux au même endroit.</p><p>— L’équipe Atrium</p>`,
  },
  vi: {
    subject: 'Chào mừng bạn đến với Atrium',
    html: (name) =>
      `<p>Xin chào ${name},</p><p>Tài khoản của bạn đã sẵn sàng. Hãy viết thư cho bất kỳ ai trên hệ thống này qua địa chỉ email, trò chuyện trực tiếp, và quản lý lịch cùng bảng công việc ở một nơi.</p><p>— Đội ngũ Atrium</p>`,
  },
  cn: {
    subject: '欢迎使用 Atrium',
    html: (name) =>
      `<p>${name}，您好：</p><p>您的账户已就绪。您可以通过电子邮件地址给本实例上的任何人写信、实时聊天，并在同一处管理日历和看板。</p><p>— Atrium 团队</p>`,
  },
  ar: {
    subject: 'مرحبًا بك في Atrium',
    html: (name) =>
      `<p>مرحبًا ${name}،</p><p>حسابك جاهز. راسل أي شخص على هذا الخادم عبر بريده الإلكتروني، وتحدّث معه مباشرة، واجمع تقويمك ولوحاتك في مكان واحد.</p><p>— فريق Atrium</p>`,
  },
};

/** The first of the five interface languages an `Accept-Language` header names (English otherwise). */
export function languageOf(acceptLanguage: string | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const base = tag.split('-')[0];
    if (base === 'zh' || base === 'cn') return 'cn';
    if (base === 'en' || base === 'fr' || base === 'vi' || base === 'ar') return base;
  }
  return 'en';
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Every new account finds a welcome mail in its inbox, in its language (issue #11). */
export async function sendWelcomeMail(
  db: Db,
  user: { id: string; email: string; firstName: string; lastName: string },
  language: Language,
): Promise<void> {
  const text = welcome[language];
  const html = text.html(escape(user.firstName || user.email));
  await deliverSystemMail(db, user.id, {
    from: { name: 'Atrium', email: 'welcome@atrium.invalid' },
    to: [{ name: `${user.firstName} ${user.lastName}`.trim(), email: user.email }],
    subject: text.subject,
    html,
    text: richTextToText(html),
  });
}
