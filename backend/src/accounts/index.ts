// The accounts context's public surface: other contexts import from here, never from its folders.
export { AccountsModule } from './accounts.module';
export { Public, SkipCsrf, CurrentUser } from './auth/auth.decorators';
export { AccountErasureHooks } from './erase-account/erasure-hooks';
export type { BeforeErase } from './erase-account/erasure-hooks';
export { COURSES, LEVEL_READER, defaultLevelReader } from './level-reader';
export type { Course, LevelReader, Levels } from './level-reader';
export { Mailer } from './mailer';
export { grantAdmin, revokeAdmin, setSubscription } from './operator/users.operator';
export type { OperatorResult } from './operator/users.operator';
export { PAYMENTS_AVAILABILITY } from './profile/payments-availability';
export type { PaymentsAvailability } from './profile/payments-availability';
export { ProfileQuery } from './profile/profile.query';
export type { Profile } from './profile/profile.query';
export { decideSubscription } from './subscription/change-subscription.decide';
export type { StripeRefs, SubscriptionSource } from './subscription/change-subscription.decide';
export * from './user.events';
export type { UserState } from './user.state';
export { readUserState, userAggregate } from './users.store';
