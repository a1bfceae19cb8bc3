import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { ContactForm } from './contact-form.tsx';

function renderForm() {
  return renderRoutes([{ path: '/', element: <ContactForm /> }]);
}

async function fill() {
  await userEvent.type(screen.getByLabelText('Your name'), 'Grace Hopper');
  await userEvent.type(screen.getByLabelText('Email address'), 'grace@example.com');
  await userEvent.type(screen.getByLabelText('Subject'), 'Plans');
  await userEvent.type(screen.getByLabelText('Message'), 'Hello there');
}

describe('contact form', () => {
  it('shows translated inline errors on an empty submit and sends nothing', async () => {
    const { calls } = mockFetch([]);
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Subject is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(calls('POST', '/api/contact')).toHaveLength(0);
  });

  it('sends the message, thanks the sender with a toast and empties the form', async () => {
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: '/api/contact',
        respond: () => jsonResponse({ message: 'Thanks — we’ll get back to you.' }, 201),
      },
    ]);
    renderForm();
    await fill();
    expect(screen.getByText('11 / 5,000 characters')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Thanks — we’ll get back to you')).toBeTruthy();
    const [, init] = calls('POST', '/api/contact')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      subject: 'Plans',
      message: 'Hello there',
    });
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
  });

  it('shows a server failure in an alert and keeps what was typed', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/contact',
        respond: () =>
          jsonResponse(
            { message: 'Too many attempts. Please wait and try again.', code: 'RATE_LIMITED' },
            429,
            {
              'retry-after': '600',
            },
          ),
      },
    ]);
    renderForm();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many attempts');
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Grace Hopper');
  });

  it('puts server validation issues on their fields, translated', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/contact',
        respond: () =>
          jsonResponse(
            {
              message: 'subject: Line breaks are not allowed here',
              code: 'VALIDATION_FAILED',
              issues: [{ path: ['subject'], message: 'Line breaks are not allowed here' }],
            },
            400,
          ),
      },
    ]);
    renderForm();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Line breaks are not allowed here')).toBeTruthy();
    expect(screen.getByLabelText('Subject').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
