import { Link } from 'react-router-dom';

export function NotFound() {
  return (
    <div className="admin-page">
      <h2>Not found</h2>
      <p>
        There is nothing at this admin address. <Link to="/admin">Back to the readings</Link>
      </p>
    </div>
  );
}
