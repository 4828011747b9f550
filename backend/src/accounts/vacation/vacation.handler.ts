import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { CLOCK, Clock } from '../../platform/clock';
import { PG_POOL } from '../../platform/database/database.module';
import { executeCommand } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { accountNotFound } from '../user.decide';
import { UserState } from '../user.state';
import { userAggregate } from '../users.store';
import { decideEndVacation } from './end-vacation.decide';
import { decideStartVacation } from './start-vacation.decide';
import { VacationHooks } from './vacation-hooks';

export interface VacationAnswer {
  vacation: { started_at: string; returns_on: string | null } | null;
  /** on ending: the cards whose due date moved */
  shifted_cards?: number;
}

function vacationOf(state: UserState): VacationAnswer['vacation'] {
  return state.vacation ? { started_at: state.vacation.startedAt, returns_on: state.vacation.returnsOn } : null;
}

/** POST /api/users/vacation: the learner pauses from now on. */
export class StartVacationCommand extends Command<VacationAnswer> {
  constructor(readonly input: { userId: string; returnsOn: string | null; metadata: EventMetadata }) {
    super();
  }
}

/** POST /api/users/vacation/end: the pause is over; the learner's cards are due later by its length. */
export class EndVacationCommand extends Command<VacationAnswer> {
  constructor(readonly input: { userId: string; metadata: EventMetadata }) {
    super();
  }
}

@CommandHandler(StartVacationCommand)
export class StartVacationHandler implements ICommandHandler<StartVacationCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ input }: StartVacationCommand): Promise<VacationAnswer> {
    const done = await executeCommand(
      { pool: this.pool, store: this.store, clock: this.clock },
      userAggregate,
      input.userId,
      (state, now) => decideStartVacation(state, input.returnsOn, now),
      { metadata: input.metadata },
    );
    if (!done) throw accountNotFound();
    return { vacation: vacationOf(done.state) };
  }
}

@CommandHandler(EndVacationCommand)
export class EndVacationHandler implements ICommandHandler<EndVacationCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly hooks: VacationHooks,
  ) {}

  async execute({ input }: EndVacationCommand): Promise<VacationAnswer> {
    let shifted = 0;
    const done = await executeCommand({ pool: this.pool, store: this.store, clock: this.clock }, userAggregate, input.userId, (state, now) => decideEndVacation(state, now), {
      metadata: input.metadata,
      // The shift commits with the event: no moment sees the vacation over and the cards not moved.
      inline: async (db, _after, _appended, ended) => {
        shifted = await this.hooks.runOnEnded(db, ended);
      },
    });
    if (!done) throw accountNotFound();
    return { vacation: vacationOf(done.state), shifted_cards: shifted };
  }
}
