import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SessionService } from '../auth/session.service';

/** POST /users/sign_out: ends the session, if there is one. */
export class SignOutCommand extends Command<void> {
  constructor(readonly input: { sessionId: string | null }) {
    super();
  }
}

@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand> {
  constructor(private readonly sessions: SessionService) {}
  execute({ input }: SignOutCommand) {
    return this.sessions.end(input.sessionId);
  }
}
