// Placeholder for the admin app (lazy-loaded at /admin/*); the admin engineer replaces this file.
export default function AdminApp() {
  return (
    <main id="main" className="page">
      <h1>Admin</h1>
    </main>
  );
}
