/**
 * The captcha of the contact form: the image from `POST .../getCaptcha` with a text alternative that says
 * what to do, 換一張 (a new captcha), and 語音播放: the non-visual alternative (WCAG 1.1.1), which asks the portal for
 * the captcha's spoken form (`POST .../getCaptchaAudio`) and plays its audio, or reads its characters aloud with the
 * browser's speech synthesis (zh-TW voice, letters and digits one by one, twice). Where neither can play, a visible
 * note says so; a visible line always offers the hotline (a tel: link), where staff take the message by phone.
 *
 * getCaptchaAudio is not in REFERENCE.md "Portal API" (the insurer's portal may lack it): the captcha (`getCaptcha`: an id and an SVG
 * image, the characters only drawn) gives the browser nothing to speak, and no other call tells ahead whether the
 * portal has the spoken form, so the button stays until pressed. When the portal answers it 404/405/501, 語音播放 goes for
 * the rest of the visit to the page (never a dead button): a note says there is no spoken captcha, the help line and
 * the image's text alternative then offer 換一張 and the hotline, and focus moves to 換一張. A transient failure (network,
 * timeout, 5xx) keeps the button with a "try again" note; a refusal (e.g. 40004, an expired captcha) shows the portal's
 * message.
 *
 * A captcha that did not load, or whose image the store refused (not a data: URL of an image type within
 * CAPTCHA_IMAGE_MAX_BYTES, src/lib/forms/captcha-image.ts), shows 無法載入 in the image's place and the retry message
 * 驗證碼無法載入，請按「換一張」重試。 in the hint, never a broken image.
 *
 * The answer is the parent's state (never stored in the draft).
 */
import { useStore } from '@nanostores/react';
import { useRef, useState, type RefObject } from 'react';
import { CONTACT_TEXT } from '../../site/texts/contact-form';
import { $captcha, fetchCaptchaAudio, refreshCaptcha } from '../../stores/contact-form';
import { Field, TelText } from './Field';
import { isEndpointMissing } from './failure';
import { PortalCodeError, PortalError } from '../../portal/errors';

interface Props {
  id: string;
  label: string;
  value: string;
  error?: string;
  maxLength: number;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The hotline offered to whoever cannot read or hear the captcha (from the page: HOTLINES[0] of src/site/company.ts). */
  hotline: { tel: string; time: string };
}

/** The characters of a captcha as zh-TW speech: `英文 K，數字 7，…`. */
export function spokenCaptcha(text: string): string {
  return [...text].map((char) => (/\d/.test(char) ? `數字 ${char}` : `英文 ${char.toUpperCase()}`)).join('，');
}

/** Speaks the captcha's characters with the browser's speech synthesis (zh-TW, slowly, twice); `onFail` if it cannot. */
function speakCaptcha(text: string | undefined, onFail: () => void): void {
  const synth = window.speechSynthesis;
  if (!text || !synth || typeof SpeechSynthesisUtterance === 'undefined') {
    onFail();
    return;
  }
  synth.cancel();
  const words = spokenCaptcha(text);
  const utterance = new SpeechSynthesisUtterance(`驗證碼：${words}。再說一次：${words}。`);
  utterance.lang = 'zh-TW';
  utterance.rate = 0.8;
  utterance.onerror = (event) => {
    if (event.error !== 'interrupted' && event.error !== 'canceled') onFail();
  };
  synth.speak(utterance);
}

/**
 * 語音播放: `listen()` asks the portal for the spoken captcha and plays it (audio, or speech synthesis of its text).
 * Returns `{ speechNote, audioMissing, listen }`: the note under the field (why nothing plays), and whether the portal
 * turned out to have no spoken captcha (then `setStatus` announces it and focus moves to `refreshButton`).
 */
function useCaptchaSpeech(hotline: Props['hotline'], setStatus: (status: string) => void, refreshButton: RefObject<HTMLButtonElement | null>) {
  const [speechNote, setSpeechNote] = useState('');
  /** The portal has no spoken captcha (getCaptchaAudio answered 404/405/501): 語音播放 is gone. */
  const [audioMissing, setAudioMissing] = useState(false);
  const listening = useRef(false);

  const listen = async () => {
    if (listening.current) return;
    listening.current = true;
    setSpeechNote('');
    try {
      const spoken = await fetchCaptchaAudio();
      if (!spoken) return;
      if (spoken.audio) {
        await new Audio(spoken.audio).play();
        return;
      }
      speakCaptcha(spoken.text, () => setSpeechNote(CONTACT_TEXT.captchaNoSpeech));
    } catch (error) {
      if (isEndpointMissing(error)) {
        setAudioMissing(true);
        setSpeechNote(CONTACT_TEXT.captchaAudioMissing);
        setStatus(`${CONTACT_TEXT.captchaAudioMissing}${CONTACT_TEXT.captchaHelp(hotline.tel, hotline.time, false)}`);
        // The pressed button is about to go: focus the next useful control rather than losing it to the page.
        refreshButton.current?.focus();
      } else if (error instanceof PortalCodeError && error.portalMessage.trim()) {
        setSpeechNote(error.portalMessage.trim()); // e.g. 驗證碼已失效，請按「換一張」
      } else if (error instanceof PortalError) {
        setSpeechNote(CONTACT_TEXT.captchaAudioFailed);
      } else {
        setSpeechNote(CONTACT_TEXT.captchaNoSpeech);
      }
    } finally {
      listening.current = false;
    }
  };
  return { speechNote, audioMissing, listen };
}

export default function Captcha({ id, label, value, error, maxLength, onChange, onBlur, hotline }: Props) {
  const captcha = useStore($captcha);
  const [status, setStatus] = useState('');
  const refreshButton = useRef<HTMLButtonElement>(null);
  const { speechNote, audioMissing, listen } = useCaptchaSpeech(hotline, setStatus, refreshButton);

  const refresh = async () => {
    window.speechSynthesis?.cancel();
    onChange('');
    await refreshCaptcha();
    setStatus($captcha.get().status === 'loaded' ? CONTACT_TEXT.captchaRenewed : CONTACT_TEXT.captchaFailed);
  };

  return (
    <Field
      id={id}
      label={label}
      required
      hint={
        <>
          {/* A captcha that did not load (or was no image of bounded size, src/lib/forms/captcha-image.ts): say how to retry. */}
          {captcha.status === 'failed' && <strong className="captcha__note">{CONTACT_TEXT.captchaFailed}</strong>}
          {speechNote && <strong className="captcha__note">{speechNote}</strong>}
          {CONTACT_TEXT.captchaHint}
          <TelText text={CONTACT_TEXT.captchaHelp(hotline.tel, hotline.time, !audioMissing)} tel={hotline.tel} />
        </>
      }
      error={error}
      className="field--captcha"
    >
      {(control) => (
        <div className="captcha">
          <input
            {...control}
            className="captcha__input"
            type="text"
            value={value}
            required
            maxLength={maxLength}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          />
          <div className="captcha__image" aria-busy={captcha.status === 'loading'}>
            {captcha.status === 'loaded' ? (
              <img
                src={captcha.image}
                alt={audioMissing ? CONTACT_TEXT.captchaImageAltNoAudio : CONTACT_TEXT.captchaImageAlt}
                width={150}
                height={50}
              />
            ) : (
              <span className="captcha__placeholder">
                {captcha.status === 'failed' ? CONTACT_TEXT.captchaUnavailable : CONTACT_TEXT.captchaLoading}
              </span>
            )}
          </div>
          <div className="captcha__actions">
            <button type="button" className="btn btn-outline btn-sm" onClick={refresh} ref={refreshButton}>
              <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              {CONTACT_TEXT.captchaRefresh}
            </button>
            {!audioMissing && (
              <button type="button" className="btn btn-outline btn-sm" onClick={listen} disabled={captcha.status !== 'loaded'}>
                <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M4 9v6h4l5 4V5L8 9H4zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {CONTACT_TEXT.captchaListen}
              </button>
            )}
          </div>
          <p className="visually-hidden" role="status">
            {status}
          </p>
        </div>
      )}
    </Field>
  );
}
