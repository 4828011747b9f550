import { Injectable } from '@nestjs/common';
import { Queryable } from '../../platform/database/database';
import type { VacationEndedData } from '../user.events';

/** Runs in the transaction of a VacationEnded event; answers how many of the learner's things it moved. */
export type OnVacationEnded = (db: Queryable, ended: VacationEndedData) => Promise<number>;

/**
 * What a vacation's end changes outside accounts: study shifts the learner's card due dates (its card_states
 * projection applies the same VacationEnded event on a rebuild). A port, because accounts imports no study code.
 */
@Injectable()
export class VacationHooks {
  private readonly hooks: OnVacationEnded[] = [];
  register(hook: OnVacationEnded): void {
    this.hooks.push(hook);
  }
  async runOnEnded(db: Queryable, ended: VacationEndedData): Promise<number> {
    let moved = 0;
    for (const hook of this.hooks) moved += await hook(db, ended);
    return moved;
  }
}
