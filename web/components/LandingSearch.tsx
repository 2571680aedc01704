// The landing search box. Works without JavaScript (a GET form); once hydrated it trims the text and
// goes to plain /guest/chat when it is empty, as chat.md §2 asks.
import { useState, type FormEvent } from 'react';
import { th } from '../strings/th';

export function guestChatUrl(text: string): string {
  const trimmed = text.trim();
  return trimmed ? `/guest/chat?message=${encodeURIComponent(trimmed)}` : '/guest/chat';
}

export function LandingSearch() {
  const [text, setText] = useState('');
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
        name="message"
        type="search"
        autoComplete="off"
        placeholder={th.landing.searchPlaceholder}
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
