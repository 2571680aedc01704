// The landing search box. Works without JavaScript (a GET form); once hydrated it trims the text and
// goes to plain /guest/chat when it is empty, as chat.md §2 asks. The server sends the short placeholder
// (it fits a phone); once hydrated the box shows the full one with an example whenever it fits.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { th } from '../strings/th';

export function guestChatUrl(text: string): string {
  const trimmed = text.trim();
  return trimmed ? `/guest/chat?message=${encodeURIComponent(trimmed)}` : '/guest/chat';
}

/** Whether `placeholder` fits inside the input's text area at its current width and font. */
function placeholderFits(input: HTMLInputElement, placeholder: string): boolean {
  const style = getComputedStyle(input);
  const canvas = document.createElement('canvas').getContext('2d');
  if (!canvas) return false;
  canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return canvas.measureText(placeholder).width <= room;
}

export function LandingSearch() {
  const [text, setText] = useState('');
  const [placeholder, setPlaceholder] = useState<string>(th.landing.searchPlaceholderShort);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const fit = () => setPlaceholder(placeholderFits(el, th.landing.searchPlaceholder) ? th.landing.searchPlaceholder : th.landing.searchPlaceholderShort);
    fit();
    void document.fonts?.ready.then(fit); // the web font is wider than the fallback
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    window.location.assign(guestChatUrl(text));
  };
  return (
    <form className="landing-search" action="/guest/chat" method="get" role="search" onSubmit={submit}>
      <label htmlFor="landing-q" className="visually-hidden">
        {th.landing.searchLabel}
      </label>
      <input
        id="landing-q"
        ref={input}
        name="message"
        type="search"
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        maxLength={2000}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        {th.landing.searchSubmit}
      </button>
    </form>
  );
}
