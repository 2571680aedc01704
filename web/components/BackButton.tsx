import { th } from '../strings/th';

/** Go Back: the browser history when there is one, home otherwise. */
export function BackButton() {
  return (
    <button type="button" className="btn btn-outline" onClick={() => (window.history.length > 1 ? window.history.back() : window.location.assign('/'))}>
      {th.notFound.goBack}
    </button>
  );
}
