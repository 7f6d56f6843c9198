/** An image behind the API's bearer token (an <img src> cannot send it): fetched as a blob. */
import { useEffect, useState } from 'react';
import { api } from '../../api/client';

export function AuthImage({ path, alt }: { path: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    void api<Response>('GET', path, { raw: true, background: true, quiet: true })
      .then((res) => res.blob())
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return url ? (
    <img src={url} alt={alt} className="problem-photo" />
  ) : (
    <span className="problem-photo placeholder" aria-label={alt} />
  );
}
