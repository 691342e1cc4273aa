import type { Transporter } from 'nodemailer';
import type { Logger } from './logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where the gateway's own e-mails (verification links) go; chosen once in the composition root. */
export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** SMTP through nodemailer (pooled connection, STARTTLS when the server offers it). */
export class SmtpMailTransport implements MailTransport {
  readonly kind = 'smtp';
  private readonly transporter: Transporter;

  constructor(smtpUrl: string, private readonly from: string) {
    // Loaded only when SMTP is configured: nodemailer is 700 kB of JavaScript a gateway that
    // sends no mail would carry for nothing.
    const { createTransport } = require('nodemailer') as typeof import('nodemailer');
    this.transporter = createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}

/**
 * For development without a mail server: the message (a verification link, never a password) is
 * written to the log so whoever runs the gateway can follow it.
 */
export class LogMailTransport implements MailTransport {
  readonly kind = 'log';

  constructor(private readonly logger: Logger) {}

  async send(message: MailMessage): Promise<void> {
    this.logger.info('mail not sent (SMTP_URL is unset); its text follows', { to: message.to, subject: message.subject, text: message.text });
  }

  async close(): Promise<void> {}
}

export function createMailTransport(config: { smtpUrl: string | undefined; from: string }, logger: Logger): MailTransport {
  return config.smtpUrl ? new SmtpMailTransport(config.smtpUrl, config.from) : new LogMailTransport(logger);
}
