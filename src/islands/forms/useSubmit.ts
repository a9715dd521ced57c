/**
 * Sending a form to the portal so that nothing typed is lost: once (a second click or Enter while it is on its way does
 * nothing), cancelled when the visitor leaves the page (`pagehide` aborts the call, which the portal client resolves
 * as cancelled, not as an error), and on failure a zh-TW message as a toast and inline (src/islands/forms/failure.ts)
 * with every value kept. On success the browser goes to the success page; a page restored from the back/forward
 * cache afterwards is usable again.
 *
 * `successPath`: where to go once the portal accepted the form. `whenMissing`: what to tell the visitor when the
 * portal has no such endpoint (HTTP 404/405/501, an endpoint beyond REFERENCE.md "Portal API"; see describeFailure), e.g. "call the
 * hotline".
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PortalResult } from '../../portal/client';
import { showToast } from '../../stores/toasts';
import { describeFailure, type SubmitFailure } from './failure';

export function useSubmit(successPath: string, whenMissing?: SubmitFailure) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<SubmitFailure>();
  const busy = useRef(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const onHide = () => controller.current?.abort();
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      busy.current = false;
      setSending(false);
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
      controller.current?.abort();
    };
  }, []);

  /** Whether a submission is on its way (checked before anything else on submit). */
  const isBusy = useCallback(() => busy.current, []);

  /**
   * Sends with `send(signal)`. Resolves with the failure (already toasted) or undefined (success: navigating away;
   * or cancelled).
   */
  const submit = useCallback(
    async (send: (signal: AbortSignal) => Promise<PortalResult<unknown>>): Promise<SubmitFailure | undefined> => {
      if (busy.current) return undefined;
      busy.current = true;
      setSending(true);
      setFailure(undefined);
      const current = new AbortController();
      controller.current = current;
      let leaving = false;
      try {
        const result = await send(current.signal);
        if (result.cancelled) return undefined;
        leaving = true;
        window.location.assign(successPath);
        return undefined;
      } catch (error) {
        const described = describeFailure(error, whenMissing);
        setFailure(described);
        showToast('error', described.message);
        return described;
      } finally {
        if (controller.current === current) controller.current = null;
        if (!leaving) {
          busy.current = false;
          setSending(false);
        }
      }
    },
    [successPath, whenMissing],
  );

  return { sending, failure, isBusy, submit };
}
