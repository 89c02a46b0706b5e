import { useLayoutEffect, useRef } from 'react';
import { markFunnel } from './campaign.ts';

/**
 * The visitor's first touch of a form (focus or keystroke, or typing into the pre-rendered
 * form before the script took over): a start in the page's funnel counts, once per form, and
 * the proof of work begins. `markStart` alone is for a send, which implies a start.
 */
export function useFirstTouch(typedBeforeTakeover: boolean, proof: { start(): void }) {
  const started = useRef(false);
  const markStart = () => {
    if (!started.current) markFunnel('starts');
    started.current = true;
  };
  const touch = () => {
    markStart();
    proof.start();
  };
  useLayoutEffect(() => void (typedBeforeTakeover && touch()), []); // once, on mount
  return { touch, markStart };
}
