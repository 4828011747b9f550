// Sign-in, sign-up, sign-out and password reset pages.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { browser } from '../../components/subscribe-form';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { ApiError, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { authApi, MIN_PASSWORD_LENGTH, safeNext, type AuthAnswer } from './auth-api';

function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="auth-card">
      <h1>{title}</h1>
      {children}
      {footer ? <div className="auth-footer">{footer}</div> : null}
    </div>
  );
}

function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  // Already shown next to its field.
  if (error instanceof ApiError && error.problem.errors?.some((e) => e.message === error.message)) return null;
  return (
    <p role="alert" className="notice notice-error">
      {errorMessage(error)}
    </p>
  );
}

const fieldError = (error: unknown, field: string) => (error instanceof ApiError ? error.fieldError(field) : undefined);

function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (answer: AuthAnswer) => {
    // The session (and with it the CSRF token) changed: forget everything cached for the visitor.
    queryClient.removeQueries({ queryKey: queryKeys.csrf });
    queryClient.removeQueries({ queryKey: queryKeys.profile });
    queryClient.setQueryData(queryKeys.profile, answer);
    navigate(safeNext(params.get('next')), { replace: true });
  };
}

export function SignInPage() {
  const [params] = useSearchParams();
  const done = useSignedIn();
  const signIn = useMutation({ mutationFn: authApi.signIn, onSuccess: done });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
  };
  const next = params.get('next');
  return (
    <AuthCard
      title="Sign in"
      footer={
        <>
          <p>
            New to Kioku? <Link to={next ? `/sign-up?next=${encodeURIComponent(next)}` : '/sign-up'}>Create an account</Link>
          </p>
          <p>
            <Link to="/forgot-password">Forgot your password?</Link>
          </p>
        </>
      }
    >
      <form onSubmit={submit} className="form" noValidate={false}>
        <FormError error={signIn.error} />
        <Field label="Email" name="email" type="email" autoComplete="email" required error={fieldError(signIn.error, 'email')} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required error={fieldError(signIn.error, 'password')} />
        <Button type="submit" variant="primary" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  );
}

export function SignUpPage() {
  const done = useSignedIn();
  const [localError, setLocalError] = useState<string | null>(null);
  // An address that already has an account is answered "check your email" (its owner gets a mail), not signed in.
  const signUp = useMutation({ mutationFn: authApi.signUp, onSuccess: (answer) => ('message' in answer ? undefined : done(answer)) });
  const checkEmail = signUp.data && 'message' in signUp.data ? signUp.data.message : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password.length < MIN_PASSWORD_LENGTH) {
      setLocalError(`Use at least ${MIN_PASSWORD_LENGTH} characters.`);
      return;
    }
    setLocalError(null);
    signUp.mutate({ name: String(form.get('name') ?? ''), email: String(form.get('email') ?? ''), password });
  };
  return (
    <AuthCard
      title="Create your account"
      footer={
        <p>
          Already have an account? <Link to="/sign-in">Sign in</Link>
        </p>
      }
    >
      {checkEmail ? (
        <p role="status" className="notice notice-success">
          {checkEmail} <Link to="/sign-in">Sign in</Link> · <Link to="/forgot-password">Reset your password</Link>
        </p>
      ) : (
        <form onSubmit={submit} className="form">
          <FormError error={signUp.error} />
          <Field label="Name" name="name" autoComplete="name" required error={fieldError(signUp.error, 'name')} />
          <Field label="Email" name="email" type="email" autoComplete="email" required error={fieldError(signUp.error, 'email')} />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            error={localError ?? fieldError(signUp.error, 'password')}
          />
          <Button type="submit" variant="primary" disabled={signUp.isPending}>
            {signUp.isPending ? 'Creating your account…' : 'Sign up'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

/**
 * /users/sign_out (SPEC: Logout is there): a GET only shows this page, and the button POSTs with the CSRF header,
 * so no other site can sign anyone out with a link or an image (issue 28). Then a full load of /, as a new visitor.
 */
export function SignOutPage() {
  const signOut = useMutation({ mutationFn: authApi.signOut, onSuccess: () => browser.assign('/') });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    signOut.mutate();
  };
  return (
    <AuthCard title="Sign out?">
      <form onSubmit={submit} className="form">
        <p>You will need your email and password to sign in again on this device.</p>
        <FormError error={signOut.error} />
        <Button type="submit" variant="primary" disabled={signOut.isPending || signOut.isSuccess}>
          {signOut.isPending ? 'Signing out…' : 'Sign out'}
        </Button>
        <p>
          <Link to="/">Stay signed in</Link>
        </p>
      </form>
    </AuthCard>
  );
}

export function ForgotPasswordPage() {
  const request = useMutation({ mutationFn: authApi.requestReset });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    request.mutate({ email: String(form.get('email') ?? '') });
  };
  return (
    <AuthCard
      title="Reset your password"
      footer={
        <p>
          <Link to="/sign-in">Back to sign in</Link>
        </p>
      }
    >
      {request.isSuccess ? (
        <p role="status" className="notice notice-success">
          If an account exists for that address, we have sent it a link to choose a new password.
        </p>
      ) : (
        <form onSubmit={submit} className="form">
          <p>Enter your email address and we will send you a link to choose a new password.</p>
          <FormError error={request.error} />
          <Field label="Email" name="email" type="email" autoComplete="email" required error={fieldError(request.error, 'email')} />
          <Button type="submit" variant="primary" disabled={request.isPending}>
            Send reset link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [localError, setLocalError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // The server may sign the person in with the new password: look at the profile afresh.
  const confirm = useMutation({ mutationFn: authApi.confirmReset, onSuccess: () => queryClient.removeQueries({ queryKey: queryKeys.profile }) });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password.length < MIN_PASSWORD_LENGTH) return setLocalError(`Use at least ${MIN_PASSWORD_LENGTH} characters.`);
    if (password !== String(form.get('confirm') ?? '')) return setLocalError('The two passwords differ.');
    setLocalError(null);
    confirm.mutate({ token, password });
  };
  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <p role="alert" className="notice notice-error">
          This link is incomplete. Ask for a new one on the <Link to="/forgot-password">reset page</Link>.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      {confirm.isSuccess ? (
        <p role="status" className="notice notice-success">
          Your password has been changed. <Link to="/sign-in">Sign in</Link>
        </p>
      ) : (
        <form onSubmit={submit} className="form">
          <FormError error={confirm.error} />
          <Field label="New password" name="password" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} error={localError ?? fieldError(confirm.error, 'password')} />
          <Field label="Repeat the new password" name="confirm" type="password" autoComplete="new-password" required />
          <Button type="submit" variant="primary" disabled={confirm.isPending}>
            Change password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
