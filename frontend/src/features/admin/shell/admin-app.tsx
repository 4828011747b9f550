// The admin app (SPEC §2), a lazy chunk mounted by the learner router at /admin/*. Default export on purpose:
// React.lazy needs it. Nothing here is imported by the learner entry.
// A stylesheet, not a <style> element: the Content-Security-Policy allows no inline style (issue 16).
import './admin.css';
import { AdminRoutes } from './admin-routes';

export default function AdminApp() {
  return (
    <AdminRoutes />
  );
}
