'use client';
// @radix-ui/react-collapsible inside a client component of ours (controlled).
import { useState, type ReactNode } from 'react';
import * as Collapsible from '@radix-ui/react-collapsible';

export function Disclosure({ title, children }: { title: string; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} id="disclosure" className="disclosure">
      <p>
        <span id="disclosure-state">{open ? 'open' : 'closed'}</span>{' '}
        <Collapsible.Trigger id="disclosure-trigger">{title}</Collapsible.Trigger>
      </p>
      <Collapsible.Content className="disclosure-content">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}
