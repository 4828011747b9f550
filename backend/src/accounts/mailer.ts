import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { APP_CONFIG } from '../platform/database/database.module';
import { AppConfig } from '../platform/config/config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail through SMTP_URL (smtp:// or smtps://, credentials in the URL). Without it, the mail is written
 * to the server log instead, so password resets still work on a developer machine.
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger('mail');
  private readonly transport: Transporter | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transport = config.SMTP_URL ? createTransport(config.SMTP_URL) : null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (!this.transport) {
      this.logger.warn(`SMTP_URL is not set; this mail was not sent:\nSubject: ${mail.subject}\n\n${mail.text}`);
      return;
    }
    await this.transport.sendMail({ from: this.config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
