'use client';
// <Form>: `@kit/core/Form`; its `action` is a typed route (docs/build-output.md
// "rsc-routes.d.ts").
//
//   action  a route (string): a GET form whose submission is a client
//           navigation to action?<the form's fields> (like next/form; files
//           are left out, a submitter's name/value goes in); before
//           hydration and without JavaScript it is a plain GET form.
//           A server action (function): a plain <form action={fn}>, which
//           React submits through callServer after hydration and which posts
//           natively before it (docs/actions.md §2, §5).
//   replace, preserveScroll   as for Link (string actions only)
//   anything else goes to the <form>; an onSubmit that calls
//   preventDefault() keeps the submission for itself.
// Client-reference id "@kit/core/Form".
import { createElement } from 'react';
import type { Href } from './routes';
import { visit } from './client/core';

export interface FormProps {
  action: Href | ((formData: FormData) => unknown);
  replace?: boolean;
  preserveScroll?: boolean;
  children?: unknown;
  [prop: string]: unknown;
}

// A submitter that sends its form elsewhere (formAction, formMethod,
// formTarget, formEncType) is left to the browser.
function ownSubmit(form: HTMLFormElement, submitter: HTMLElement | null): boolean {
  if (submitter && (submitter.hasAttribute('formaction') || submitter.hasAttribute('formmethod') ||
    submitter.hasAttribute('formtarget') || submitter.hasAttribute('formenctype'))) return false;
  const target = form.getAttribute('target');
  return !target || target === '_self';
}

export default function Form(props: FormProps) {
  const rest: Record<string, unknown> = {};
  for (const k in props)
    if (k !== 'replace' && k !== 'preserveScroll' && Object.prototype.hasOwnProperty.call(props, k)) rest[k] = props[k];
  const action = props.action;
  if (typeof action === 'function') return createElement('form', rest);
  const onSubmit = props.onSubmit as ((e: any) => void) | undefined;
  rest.method = 'get';
  rest.onSubmit = (e: any) => {
    if (onSubmit) onSubmit(e);
    if (e.defaultPrevented) return;
    const form = e.currentTarget as HTMLFormElement;
    const submitter = (e.nativeEvent && e.nativeEvent.submitter) || null;
    if (!ownSubmit(form, submitter)) return;
    let url: URL;
    try {
      url = new URL(String(action), location.href);
    } catch {
      return;
    }
    if (url.origin !== location.origin) return;
    e.preventDefault();
    const fields = new URLSearchParams();
    new FormData(form, submitter).forEach((value, name) => {
      if (typeof value === 'string') fields.append(name, value);
    });
    url.search = fields.toString();
    visit(url.pathname + url.search, { replace: !!props.replace, preserveScroll: !!props.preserveScroll });
  };
  return createElement('form', rest);
}
