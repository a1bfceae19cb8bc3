/**
 * The forms that work without JavaScript (issue 31 A, ADR 060) and the signed-in hint cookie. No zod here:
 * the app's entry and the sign-in page import these, and zod loads only when a form is first used.
 */

/**
 * A cookie the browser can read, beside the httpOnly refresh cookie: "this browser holds a session". The
 * server then sends the client app instead of rendering a guest page (which would only redirect), and the
 * app renews the session through the refresh cookie when it has no access token (a sign-in made by the
 * form without JavaScript). It proves nothing: the refresh cookie does.
 */
export const SIGNED_IN_COOKIE = 'atrium_signed_in';

/**
 * `POST /api/account/login-form`: the sign-in form without JavaScript (`email`, `password`, `returnTo`, form
 * encoded) answers 303 to returnTo or the dashboard, or back to the sign-in page with `?error=` one of these.
 */
export const LOGIN_FORM_ACTION = '/api/account/login-form';
export const loginFormErrors = ['invalid', 'suspended', 'tooMany', 'invalidInput'] as const;
export type LoginFormError = (typeof loginFormErrors)[number];

/**
 * `POST /api/contact/form`: the contact form without JavaScript (form encoded). It answers 303 to the contact
 * page with `?sent=1`, or with `?error=` one of these and the short fields to fill the form again.
 */
export const CONTACT_FORM_ACTION = '/api/contact/form';
export const contactFormErrors = ['invalid', 'tooMany'] as const;
export type ContactFormError = (typeof contactFormErrors)[number];
