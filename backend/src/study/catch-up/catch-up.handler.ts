import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { CLOCK, Clock } from '../../platform/clock';
import { PG_POOL } from '../../platform/database/database.module';
import { AggregateType, executeCommand } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import type { Course } from '../courses';
import { CatchUpFacts, decideChoosePlan, decideContinuePlan, decideDropPlan } from './catch-up.decide';
import { CATCH_UP_STREAM_TYPE, CatchUpPlan, catchUpStreamId, evolveCatchUp } from './catch-up.events';
import { CatchUpQueries, CatchUpView } from './catch-up.query';

interface PlanId {
  userId: string;
  course: string;
}

/** The plan's stream, folded (a handful of events); its row in study_catch_up_plans is written with each append. */
const catchUpAggregate: AggregateType<CatchUpPlan | null, PlanId> = {
  streamType: CATCH_UP_STREAM_TYPE,
  streamId: catchUpStreamId,
  initial: () => null,
  evolve: evolveCatchUp,
};

export class GetCatchUpQuery extends Query<CatchUpView> {
  constructor(readonly input: { userId: string; course: Course; subscriptionActive: boolean }) {
    super();
  }
}

export type CatchUpAction = 'choose' | 'continue' | 'drop';
export class CatchUpCommand extends Command<CatchUpView> {
  constructor(readonly input: { userId: string; course: Course; subscriptionActive: boolean; action: CatchUpAction; days?: number; metadata: EventMetadata }) {
    super();
  }
}

@QueryHandler(GetCatchUpQuery)
export class GetCatchUpHandler implements IQueryHandler<GetCatchUpQuery> {
  constructor(
    private readonly queries: CatchUpQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ input }: GetCatchUpQuery): Promise<CatchUpView> {
    return this.queries.view(input.userId, input.course, this.clock.now(), input.subscriptionActive);
  }
}

@CommandHandler(CatchUpCommand)
export class CatchUpHandler implements ICommandHandler<CatchUpCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly queries: CatchUpQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ input }: CatchUpCommand): Promise<CatchUpView> {
    const now = this.clock.now();
    const { facts } = await this.queries.facts(input.userId, input.course, now, input.subscriptionActive);
    const decide = (plan: CatchUpPlan | null, f: CatchUpFacts) =>
      input.action === 'choose' ? decideChoosePlan(f, input.days ?? 0) : input.action === 'continue' ? decideContinuePlan(plan, f) : decideDropPlan(plan, f);
    await executeCommand({ pool: this.pool, store: this.store, clock: this.clock }, catchUpAggregate, { userId: input.userId, course: input.course }, (plan) => decide(plan, facts), {
      metadata: input.metadata,
      inline: async (db, plan) => {
        if (plan === null) {
          await db.query('delete from study_catch_up_plans where user_id = $1 and course = $2', [input.userId, input.course]);
          return;
        }
        await db.query(
          `insert into study_catch_up_plans (user_id, course, days, reviews, daily_quota, chosen_at, ends_at, continued_on)
           values ($1, $2, $3, $4, $5, $6, $7, $8::date)
           on conflict (user_id, course) do update set days = excluded.days, reviews = excluded.reviews, daily_quota = excluded.daily_quota,
             chosen_at = excluded.chosen_at, ends_at = excluded.ends_at, continued_on = excluded.continued_on`,
          [input.userId, input.course, plan.days, plan.reviews, plan.dailyQuota, plan.chosenAt, plan.endsAt, plan.continuedOn],
        );
      },
    });
    return this.queries.view(input.userId, input.course, now, input.subscriptionActive);
  }
}
