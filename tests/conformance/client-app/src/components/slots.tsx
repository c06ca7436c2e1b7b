'use client';
// Client component for the templates conformance page: elements a server
// component made from templates (render/README.md "Templates") reach it as
// children and as a prop, through Flight.
import type { ReactNode } from 'react';

export function Slots({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <div className="slots">
      {header}
      <ul>{children}</ul>
    </div>
  );
}
