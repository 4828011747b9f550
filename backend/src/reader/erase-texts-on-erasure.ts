import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Pool } from 'pg';
import { AccountErasureHooks } from '../accounts';
import { PG_POOL } from '../platform/database/database.module';
import { eraseTextRows } from './texts/texts.commands';

/**
 * Erasing an account erases the learner's texts with it: their keys (so the sealed TextSaved events can never be
 * opened again) and their rows. Queued words are ids only and stay with the rest of the learner's history.
 */
@Injectable()
export class EraseTextsOnErasure implements OnModuleInit {
  constructor(
    private readonly hooks: AccountErasureHooks,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  onModuleInit(): void {
    this.hooks.register((userId) => eraseTextRows(this.pool, userId, null));
  }
}
