import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <div className="not-found">
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. <Link to="/">Back to your courses</Link>
      </p>
    </div>
  );
}
