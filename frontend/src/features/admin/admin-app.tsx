// The admin app (SPEC §2), a lazy chunk mounted by the learner router at /admin/*. Default export on purpose:
// React.lazy needs it. Nothing here is imported by the learner entry.
import { ADMIN_CSS } from './admin-styles';
import { AdminRoutes } from './admin-routes';

export default function AdminApp() {
  return (
    <>
      {/* React 19 hoists this into <head> once, and it loads with the chunk: no flash of unstyled admin pages. */}
      <style href="kioku-admin" precedence="default">
        {ADMIN_CSS}
      </style>
      <AdminRoutes />
    </>
  );
}
