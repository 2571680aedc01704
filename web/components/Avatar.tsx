import { useEffect, useState } from 'react';
import { avatarColor, initials } from '../lib/avatar';

/** Initials on a hashed colour; a photo replaces them only once it has loaded within 5 s (chat.md §9). */
export function Avatar({ name, photoUrl, size = 36 }: { name: string; photoUrl?: string | null; size?: number }) {
  const [photoOk, setPhotoOk] = useState(false);
  useEffect(() => {
    if (!photoUrl) return;
    let done = false;
    const img = new Image();
    const timer = setTimeout(() => (done = true), 5000);
    img.onload = () => !done && setPhotoOk(true);
    img.src = photoUrl;
    return () => {
      done = true;
      clearTimeout(timer);
    };
  }, [photoUrl]);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (photoOk && photoUrl) return <img className="avatar" src={photoUrl} alt="" style={style} />;
  return (
    <span className="avatar" aria-hidden="true" style={{ ...style, background: avatarColor(name) }}>
      {initials(name)}
    </span>
  );
}
