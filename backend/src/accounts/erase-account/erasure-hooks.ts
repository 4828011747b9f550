import { Injectable } from '@nestjs/common';

/** Runs before an account is erased; throwing stops the erasure (nothing is erased then). */
export type BeforeErase = (userId: string) => Promise<void>;

/**
 * Other contexts that hold something outside our database for a user (billing: a live Stripe
 * subscription) register here, so erasing an account also stops what would outlive it.
 */
@Injectable()
export class AccountErasureHooks {
  private readonly hooks: BeforeErase[] = [];
  register(hook: BeforeErase): void {
    this.hooks.push(hook);
  }
  async runBeforeErase(userId: string): Promise<void> {
    for (const hook of this.hooks) await hook(userId);
  }
}
