// The learner shell (SPEC §2): top bar, profile loading and errors, sign-in redirect.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation, useOutletContext } from 'react-router-dom';
import { SubscribeForm } from '../components/subscribe-form';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Tooltip } from '../components/ui/tooltip';
import { isApiError } from '../lib/api';
import { COURSE_INFO, isCourse, MAX_LEVEL } from '../lib/courses';
import { profileQuery, saveTimezone, browserTimezone, type Profile } from '../lib/profile';
import { queryKeys } from '../lib/query-keys';
import { isSubscribed } from '../lib/subscription';
import { prefetchPage } from './prefetch';
import { AboutPage } from './routes/about';
import { Landing } from './routes/landing';
import { UserMenu } from './user-menu';

export const LEVEL_TOOLTIP = 'Get all cards to Intermediate to reach the next level';

export interface ShellContext {
  profile: Profile;
  subscribed: boolean;
}

export function useShell(): ShellContext {
  return useOutletContext<ShellContext>();
}

function Brand() {
  return (
    <Link to="/" className="brand">
      Kioku <span lang="ja">記憶</span>
      <span className="visually-hidden"> — home</span>
    </Link>
  );
}

function Frame({ bar, children }: { bar: ReactNode; children: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <nav aria-label="Main" className="topbar-inner">
          {bar}
        </nav>
      </header>
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p>
          Kioku — dictionary data from EDRDG (CC BY-SA). <Link to="/about">About and credits</Link> · Questions? <a href="mailto:help@kioku.app">help@kioku.app</a>
        </p>
      </footer>
    </>
  );
}

function PublicBar() {
  return (
    <>
      <Brand />
      <span className="spacer" />
      <Link to="/sign-in" className="topbar-link">
        Sign in
      </Link>
      <Link to="/sign-up" className="btn btn-primary btn-sm">
        Sign up
      </Link>
    </>
  );
}

export function PublicLayout() {
  return (
    <Frame bar={<PublicBar />}>
      <Outlet />
    </Frame>
  );
}

function LevelBadge({ profile, pathname }: { profile: Profile; pathname: string }) {
  const course = pathname.split('/')[1];
  if (!isCourse(course)) return null;
  const level = profile.level[course];
  const badge = (
    <Badge tone="accent" className="level-badge" tabIndex={0}>
      {COURSE_INFO[course].name} · Level {level}
    </Badge>
  );
  return level < MAX_LEVEL ? <Tooltip text={LEVEL_TOOLTIP}>{badge}</Tooltip> : badge;
}

function LearnerBar({ profile, subscribed, pathname }: { profile: Profile; subscribed: boolean; pathname: string }) {
  const unread = profile.updates_unread;
  return (
    <>
      <Brand />
      <LevelBadge profile={profile} pathname={pathname} />
      <span className="spacer" />
      {!subscribed ? <SubscribeForm size="sm" className="topbar-subscribe" /> : null}
      <Link to="/read" className="topbar-link read-link" aria-current={pathname.startsWith('/read') ? 'page' : undefined}>
        Read
      </Link>
      <Link to="/updates" className="topbar-link updates-link">
        What&apos;s new
        {unread > 0 ? (
          <Badge tone="alert" className="unread-badge">
            <span aria-hidden="true">{unread}</span>
            <span className="visually-hidden"> ({unread} unread)</span>
          </Badge>
        ) : null}
      </Link>
      <UserMenu email={profile.email} name={profile.name} subscribed={subscribed} />
    </>
  );
}

export function Shell() {
  const profile = useQuery(profileQuery);
  const location = useLocation();
  const queryClient = useQueryClient();
  const timezoneSent = useRef(false);
  // The page's own data goes out with the profile (whose query starts in the same commit), not after it; a
  // signed-out visitor's 401s are dropped.
  useEffect(() => prefetchPage(queryClient, location.pathname), [queryClient, location.pathname]);

  // A profile without a time zone gets the browser's, so the review forecast counts the right days.
  useEffect(() => {
    if (!profile.data || profile.data.timezone || timezoneSent.current) return;
    timezoneSent.current = true;
    saveTimezone(browserTimezone())
      .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.profile }))
      .catch(() => undefined);
  }, [profile.data, queryClient]);

  if (isApiError(profile.error, 401)) {
    // The pages a signed-out visitor may see in the shell's place; everything else asks to sign in.
    const publicPage = location.pathname === '/' ? <Landing /> : location.pathname === '/about' ? <AboutPage /> : null;
    if (publicPage) return <Frame bar={<PublicBar />}>{publicPage}</Frame>;
    // Already signed out: nothing to confirm.
    if (location.pathname === '/users/sign_out') return <Navigate to="/" replace />;
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }

  if (!profile.data) {
    return (
      <Frame bar={<Brand />}>
        {profile.isError ? (
          <div role="alert" className="notice notice-error load-error">
            <p>Error loading user</p>
            <Button onClick={() => profile.refetch()}>Retry</Button>
          </div>
        ) : (
          <p className="loading">Loading...</p>
        )}
      </Frame>
    );
  }

  const context: ShellContext = { profile: profile.data, subscribed: isSubscribed(profile.data, location.search) };
  return (
    <Frame bar={<LearnerBar profile={profile.data} subscribed={context.subscribed} pathname={location.pathname} />}>
      <Outlet context={context} />
    </Frame>
  );
}
