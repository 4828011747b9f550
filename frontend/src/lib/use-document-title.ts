import { useEffect } from 'react';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Kioku` : 'Kioku 記憶';
  }, [title]);
}
