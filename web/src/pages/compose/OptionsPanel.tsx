// A target's options, folded away until wanted. It opens by itself when one of its
// options has a problem, and stays open once that problem is fixed: the person is
// still working in it. Only the person closes it.
import { type ReactNode, useEffect, useState } from 'react';

export function OptionsPanel(props: { title: string; hasProblems: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(props.hasProblems);
  useEffect(() => {
    if (props.hasProblems) setOpen(true);
  }, [props.hasProblems]);
  return (
    <details open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{props.title}</summary>
      {props.children}
    </details>
  );
}
