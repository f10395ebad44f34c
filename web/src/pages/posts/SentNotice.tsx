// What the form that sent a post says on the page it leads to ("Sent for approval;
// it goes out Sat 5 Dec 10:00 once approved"): handed over once, shown once.
import { useEffect, useState } from 'react';

let handed: string | null = null;

export const handOverNotice = (text: string) => {
  handed = text;
};

export function SentNotice() {
  const [text] = useState(() => handed);
  useEffect(() => {
    handed = null;
  }, []);
  return text ? (
    <p className="notice sent-notice" role="status">
      {text}
    </p>
  ) : null;
}
