import { Injectable, OnModuleInit } from '@nestjs/common';
import { VacationHooks } from '../../accounts';
import { CARD_STATES_WRITE_LOCK } from '../card-states.projection';
import { shiftCardsForVacation } from './shift-for-vacation';

/** Registers the shift with accounts, which runs it in the VacationEnded event's transaction. */
@Injectable()
export class ShiftCardsOnVacationEnd implements OnModuleInit {
  constructor(private readonly hooks: VacationHooks) {}

  onModuleInit(): void {
    this.hooks.register(async (db, ended) => {
      // A writer of card_states like the grade: a rebuild (exclusive) sees this shift whole or not at all.
      await db.query('select pg_advisory_xact_lock_shared($1)', [CARD_STATES_WRITE_LOCK]);
      return shiftCardsForVacation(db, 'card_states', ended);
    });
  }
}
