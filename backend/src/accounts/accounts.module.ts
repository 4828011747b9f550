import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth/auth.guard';
import { GetCsrfTokenHandler } from './auth/csrf.handler';
import { CsrfHttp } from './auth/csrf.http';
import { SessionService } from './auth/session.service';
import { EraseAccountHandler } from './erase-account/erase-account.handler';
import { EraseAccountHttp } from './erase-account/erase-account.http';
import { AccountErasureHooks } from './erase-account/erasure-hooks';
import { Mailer } from './mailer';
import { ChangePasswordHandler } from './password-change/password-change.handler';
import { PasswordChangeHttp } from './password-change/password-change.http';
import { PasswordResetHttp } from './password-reset/password-reset.http';
import { RequestPasswordResetHandler } from './password-reset/request-password-reset.handler';
import { ResetPasswordHandler } from './password-reset/reset-password.handler';
import { GetProfileHandler } from './profile/get-profile.handler';
import { ProfileHttp } from './profile/profile.http';
import { ProfileQuery } from './profile/profile.query';
import { RenameProfileHandler } from './profile/rename-profile.handler';
import { AdminUsersHttp } from './roles/admin-users.http';
import { ChangeRoleHandler } from './roles/change-role.handler';
import { ChangeSettingsHandler } from './settings/change-settings.handler';
import { ChangeSettingsHttp } from './settings/change-settings.http';
import { SignInHandler } from './sign-in/sign-in.handler';
import { SignInHttp } from './sign-in/sign-in.http';
import { SignOutHandler } from './sign-out/sign-out.handler';
import { SignOutHttp } from './sign-out/sign-out.http';
import { SignUpHandler } from './sign-up/sign-up.handler';
import { SignUpHttp } from './sign-up/sign-up.http';
import { SetTimeZoneHandler } from './timezone/set-time-zone.handler';
import { SetTimeZoneHttp } from './timezone/set-time-zone.http';
import { MarkUpdatesReadHandler } from './updates-read/mark-updates-read.handler';
import { MarkUpdatesReadHttp } from './updates-read/mark-updates-read.http';
import { EndVacationHandler, StartVacationHandler } from './vacation/vacation.handler';
import { VacationHttp } from './vacation/vacation.http';
import { VacationHooks } from './vacation/vacation-hooks';

/** The command and query handlers behind the controllers (the global CqrsModule registers them at bootstrap). */
const HANDLERS = [
  GetCsrfTokenHandler,
  SignUpHandler,
  SignInHandler,
  SignOutHandler,
  ChangePasswordHandler,
  RequestPasswordResetHandler,
  ResetPasswordHandler,
  GetProfileHandler,
  RenameProfileHandler,
  ChangeSettingsHandler,
  SetTimeZoneHandler,
  MarkUpdatesReadHandler,
  EraseAccountHandler,
  ChangeRoleHandler,
  StartVacationHandler,
  EndVacationHandler,
];

/**
 * Accounts: sign-up/in/out, sessions, CSRF, profile, settings, time zone, roles, erasure. Its AuthGuard is
 * global (APP_GUARD): it protects every route of every context. Other contexts use ./index.ts only.
 */
@Module({
  controllers: [
    CsrfHttp,
    SignUpHttp,
    SignInHttp,
    SignOutHttp,
    PasswordChangeHttp,
    PasswordResetHttp,
    ProfileHttp,
    ChangeSettingsHttp,
    SetTimeZoneHttp,
    MarkUpdatesReadHttp,
    EraseAccountHttp,
    AdminUsersHttp,
    VacationHttp,
  ],
  providers: [{ provide: APP_GUARD, useClass: AuthGuard }, SessionService, Mailer, ProfileQuery, AccountErasureHooks, VacationHooks, ...HANDLERS],
  exports: [ProfileQuery, AccountErasureHooks, VacationHooks, Mailer],
})
export class AccountsModule {}
