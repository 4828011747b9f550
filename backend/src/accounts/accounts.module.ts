import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth/auth.guard';
import { CsrfHttp } from './auth/csrf.http';
import { SessionService } from './auth/session.service';
import { EraseAccountHttp } from './erase-account/erase-account.http';
import { AccountErasureHooks } from './erase-account/erasure-hooks';
import { Mailer } from './mailer';
import { PasswordChangeHttp } from './password-change/password-change.http';
import { PasswordResetHttp } from './password-reset/password-reset.http';
import { ProfileHttp } from './profile/profile.http';
import { ProfileQuery } from './profile/profile.query';
import { AdminUsersHttp } from './roles/admin-users.http';
import { ChangeSettingsHttp } from './settings/change-settings.http';
import { SignInHttp } from './sign-in/sign-in.http';
import { SignOutHttp } from './sign-out/sign-out.http';
import { SignUpHttp } from './sign-up/sign-up.http';
import { SetTimeZoneHttp } from './timezone/set-time-zone.http';
import { MarkUpdatesReadHttp } from './updates-read/mark-updates-read.http';

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
  ],
  providers: [{ provide: APP_GUARD, useClass: AuthGuard }, SessionService, Mailer, ProfileQuery, AccountErasureHooks],
  exports: [ProfileQuery, AccountErasureHooks, Mailer],
})
export class AccountsModule {}
