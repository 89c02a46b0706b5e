import { useEffect, useState } from 'react';

/** A desk's screen (64rem and wider): the worklist is a table there, cards on a phone. */
const WIDE = '(min-width: 64rem)';

export function useWide(): boolean {
  const [wide, setWide] = useState(() => matchMedia(WIDE).matches);
  useEffect(() => {
    const query = matchMedia(WIDE);
    const update = () => setWide(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return wide;
}
