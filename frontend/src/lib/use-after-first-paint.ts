import { useEffect, useState } from 'react';

/**
 * False until the frame the component first appears in has been painted (issue 31): what is asked for and drawn
 * after a page's first screen (the dictionary, the chunks a study session may need) waits for this.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, []);
  return painted;
}
