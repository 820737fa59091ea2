import { useEffect, useState } from 'react';
import { afterNextFrame } from '../../lib/afterFirstScreen';

/**
 * The page the directory has settled on: `page`, caught up in the task after
 * the frame that shows it (null until the first page has shown). Work keyed
 * to it (the pages either side, rendered ahead) never delays a turn's paint.
 */
export function useSettledPage(page: number): number | null {
  const [settled, setSettled] = useState<number | null>(null);
  useEffect(() => (settled === page ? undefined : afterNextFrame(() => setSettled(page))), [page, settled]);
  return settled;
}
