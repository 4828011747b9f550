// The admin app's routes (SPEC §2) inside /admin/*, its top bar, and the gate: signed-out people go to
// sign-in, and anyone the admin API refuses (403) sees 'Admins only'.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { isApiError } from '../../../lib/api';
import { profileQuery } from '../../../lib/profile';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminConfigContext, defaultAdminConfig, type AdminConfig } from './admin-config';
import { KanjiListPage, KanjiPage } from '../kanji/kanji-pages';
import { MaterialPage } from '../materials/material-page';
import { MaterialsListPage } from '../materials/materials-list-page';
import { NotFound } from './not-found';
import { UserPage, UsersListPage } from '../users/users-pages';

export const ADMIN_LINKS = [
  { to: '/admin/kanas', label: 'Kanas' },
  { to: '/admin/readings', label: 'Readings' },
  { to: '/admin/vocabs', label: 'Vocab' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/kanji', label: 'Kanji' },
] as const;

function isActive(to: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  if (to === '/admin/readings' && path === '/admin') return true;
  return path === to || path.startsWith(`${to}/`);
}

function AdminFrame({ nav, email, children }: { nav: boolean; email?: string; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="admin">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar admin-topbar">
        <div className="topbar-inner">
          <Link to="/" className="brand">
            Kioku <span lang="ja">記憶</span>
            <span className="visually-hidden"> — learner app</span>
          </Link>
          <h1 className="admin-title">Admin</h1>
          {nav ? (
            <nav aria-label="Admin" className="admin-nav">
              <ul>
                {ADMIN_LINKS.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="topbar-link" aria-current={isActive(link.to, pathname) ? 'page' : undefined}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <span className="spacer" />
          {email ? <span className="muted small admin-email">{email}</span> : null}
        </div>
      </header>
      <main id="main" className="page admin-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

export function AdminsOnly() {
  useDocumentTitle('Admins only');
  return (
    <section className="admins-only" aria-labelledby="admins-only-heading">
      <h2 id="admins-only-heading">Admins only</h2>
      <p>This part of Kioku is for the people who curate its cards. Your account does not have admin access.</p>
      <p>
        If you need it, ask an admin to grant you the role. <Link to="/">Back to studying</Link>
      </p>
    </section>
  );
}

/** Any admin query refused with 403 means this person is not (or no longer) an admin. */
function useForbidden(): boolean {
  const queryClient = useQueryClient();
  const [forbidden, setForbidden] = useState(() =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey: ['admin'] })
      .some((q) => isApiError(q.state.error, 403)),
  );
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.query.queryKey[0] === 'admin' && isApiError(event.query.state.error, 403)) setForbidden(true);
      }),
    [queryClient],
  );
  return forbidden;
}

function AdminLayout() {
  const profile = useQuery(profileQuery);
  const forbidden = useForbidden();
  const location = useLocation();

  if (isApiError(profile.error, 401)) {
    return <Navigate to={`/sign-in?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`} replace />;
  }
  if (profile.isPending) {
    return (
      <AdminFrame nav={false}>
        <p className="loading">Loading...</p>
      </AdminFrame>
    );
  }
  // The profile says who is signed in; the admin API has the last word (a profile error is not a refusal).
  if (forbidden || profile.data?.is_admin === false) {
    return (
      <AdminFrame nav={false} email={profile.data?.email}>
        <AdminsOnly />
      </AdminFrame>
    );
  }
  return (
    <AdminFrame nav email={profile.data?.email}>
      <Outlet />
    </AdminFrame>
  );
}

export function AdminRoutes({ config }: { config?: Partial<AdminConfig> }) {
  const value = useMemo(() => ({ ...defaultAdminConfig, ...config }), [config]);
  return (
    <AdminConfigContext.Provider value={value}>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<MaterialsListPage type="reading" />} />
          <Route path="readings" element={<MaterialsListPage type="reading" />} />
          <Route path="readings/:id" element={<MaterialPage type="reading" />} />
          <Route path="vocabs" element={<MaterialsListPage type="vocab" />} />
          <Route path="vocabs/:id" element={<MaterialPage type="vocab" />} />
          <Route path="kanas" element={<MaterialsListPage type="kana" />} />
          <Route path="kanas/:id" element={<MaterialPage type="kana" />} />
          <Route path="kanji" element={<KanjiListPage />} />
          <Route path="kanji/:id" element={<KanjiPage />} />
          <Route path="users" element={<UsersListPage />} />
          <Route path="users/:id" element={<UserPage />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </AdminConfigContext.Provider>
  );
}
