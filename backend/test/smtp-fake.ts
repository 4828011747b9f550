import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** the message body with quoted-printable soft line breaks and escapes undone */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * A loopback SMTP server (no TLS, no auth) that keeps every message it receives. Point the app at it with
 * SMTP_URL=fake.url.
 */
export class SmtpFake {
  readonly mails: ReceivedMail[] = [];
  private readonly waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        };
        this.mails.push(mail);
        for (const waiter of [...this.waiters]) {
          if (waiter.match(mail)) {
            this.waiters.splice(this.waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The first mail (already received or still to come) to this address, or a timeout error. */
  waitForMail(to: string, timeoutMs = 5_000): Promise<ReceivedMail> {
    const match = (m: ReceivedMail) => m.to.some((address) => address.toLowerCase() === to.toLowerCase());
    const found = this.mails.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve };
      this.waiters.push(waiter);
      setTimeout(() => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) {
          this.waiters.splice(i, 1);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }
      }, timeoutMs).unref();
    });
  }
}

export async function startSmtpFake(): Promise<SmtpFake> {
  return new SmtpFake().start();
}
