// Every route of the learner app; the admin app is a separate lazy chunk.
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ForgotPasswordPage, ResetPasswordPage, SignInPage, SignOutPage, SignUpPage } from '../features/auth/auth-pages';
import { COURSES } from '../lib/courses';
import { lazyComponent, PageLoading, PageSuspense } from '../lib/lazy-component';
import { AboutPage } from './routes/about';
import { CourseRoute } from './routes/course-route';
import { HomeRoute } from './routes/home-route';
import { NotFoundRoute } from './routes/not-found-route';
import { PublicLayout, Shell } from './shell';

const AdminApp = lazy(() => import('../features/admin/shell/admin-app'));
// The reader (issue 32) is a chunk of its own: the entry bundle stays the study app's. So are the pages no first
// screen is (settings with billing, What's new): the entry stays ≤ 130 KB gzip (issue 32; frontend/scripts/compress.mjs).
const ReadRoute = lazy(() => import('./routes/read-route'));
const SettingsRoute = lazyComponent(() => import('./routes/settings-route').then((m) => m.SettingsRoute), PageLoading);
const UpdatesRoute = lazyComponent(() => import('./routes/updates-route').then((m) => m.UpdatesRoute), PageLoading);

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/admin/*" element={<PageSuspense><AdminApp /></PageSuspense>} />
      <Route element={<PublicLayout />}>
        <Route path="/sign-in" element={<SignInPage />} />
        <Route path="/sign-up" element={<SignUpPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </Route>
      <Route element={<Shell />}>
        <Route index element={<HomeRoute />} />
        {COURSES.map((course) => (
          <Route key={course} path={`/${course}`} element={<CourseRoute key={course} course={course} />} />
        ))}
        <Route path="/settings" element={<SettingsRoute />} />
        {['/read', '/read/:id'].map((path) => (
          <Route key={path} path={path} element={<PageSuspense><ReadRoute /></PageSuspense>} />
        ))}
        <Route path="/updates" element={<UpdatesRoute />} />
        <Route path="/about" element={<AboutPage />} />
        {/* In the shell, so a signed-in learner keeps their own top bar while asked to confirm. */}
        <Route path="/users/sign_out" element={<SignOutPage />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
