#!/usr/bin/env python3
"""examples/backend/app.py — the example backend of the README demo, in
Python 3 without dependencies (rsc_host.py beside it speaks kit's protocol).

    RSC_HOST_CALL_SECRET=s3cret PORT=8081 python3 examples/backend/app.py

Functions (rpc('Name', ...args) in a server component):
  Hello.greet(name)        a greeting
  Orders.recent(n)         fast: n orders
  Fast.count()             fast: a number
  Slow.report(ms)          slow: answers after ms milliseconds (at most 10 s)
  Me.profile()             the signed-in visitor, or unauthenticated (401)
  Admin.stats()            only for the visitor "admin" (403 for others)
  Guestbook.entries()      the guestbook, newest first
  Guestbook.sign(form)     an action: records {name, message} and answers
                           {result, revalidate: ['page']}; 422 with
                           validationErrors when a field is missing
Guards (export const middleware = [...] in a middleware.ts):
  auth                     a session cookie is required (401 otherwise)
  guest                    only without a session (else redirect to /)
  can:admin                only the visitor "admin" (403 for others)
URLs of its own (kit forwards URLs its app does not own here):
  GET  /login              the sign-in form (?next=/where/to/go/back)
  POST /login              sets the session cookie, redirects (303) to next
  GET  /logout             clears it, redirects to /
  POST /guestbook/sign     a plain form post running Guestbook.sign
Anything else forwarded by kit (X-Rsc-Renderer-Fallback) answers 404. With
RSC_RENDERER_URL set the backend is in front and proxies pages to kit
(docs/backend-in-front.md). RSC_BACKEND_WORKERS sets its worker count.
Prints "PORT <n>" once listening (PORT=0 picks a free port).
`app.py --manifest [FILE]` writes rsc-host.json (the actions and functions)
instead of serving.
"""

import datetime
import html
import json
import os
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rsc_host import (Host, Response, invalid, redirect, see_other, serve,  # noqa: E402
                      result, unauthenticated, unauthorized)


def user(ctx):
    """The signed-in visitor: the session cookie's name, or a bearer token."""
    name = ctx.cookies.get('session')
    if not name:
        auth = ctx.headers.get('authorization', '')
        name = auth[7:] if auth.startswith('Bearer ') and auth[7:].isalnum() else None
    return {'name': name, 'admin': name == 'admin'} if name else None


def safe_next(target):
    """Only a path of this site (never //evil.example)."""
    return target if target and target.startswith('/') and not target.startswith('//') else '/'


def session_cookie(name):
    return 'session=%s; Path=/; HttpOnly; SameSite=Lax' % urllib.parse.quote(name, safe='')


def make_host(**options):
    host = Host(**options)
    guestbook = []
    lock = threading.Lock()

    # --- guards -------------------------------------------------------------
    @host.guard('auth')
    def auth(ctx, arg):
        return None if user(ctx) else unauthenticated('Sign in first: /login')

    @host.guard('guest')
    def guest(ctx, arg):
        return redirect('/') if user(ctx) else None

    @host.guard('can')
    def can(ctx, ability):
        u = user(ctx)
        if not u:
            return unauthenticated()
        if ability == 'admin' and not u['admin']:
            return unauthorized()
        return None

    # --- functions ----------------------------------------------------------
    @host.function('Hello.greet')
    def greet(ctx, name=None):
        return 'Hello, %s!' % (name or 'world')

    @host.function('Orders.recent')
    def orders(ctx, n=3):
        return [{'id': i + 1, 'total': (i + 1) * 10} for i in range(max(0, min(int(n), 100)))]

    @host.function('Fast.count')
    def count(ctx):
        time.sleep(0.01)
        return 42

    @host.function('Slow.report')
    def report(ctx, ms=1500):
        ms = max(0, min(int(ms), 10000))
        time.sleep(ms / 1000)
        return {'slow': True, 'after': ms}

    @host.function('Me.profile')
    def profile(ctx):
        return user(ctx) or unauthenticated()

    @host.function('Admin.stats')
    def stats(ctx):
        u = user(ctx)
        if not u:
            return unauthenticated()
        return {'users': 3} if u['admin'] else unauthorized()

    @host.function('Guestbook.entries')
    def entries(ctx):
        with lock:
            return list(reversed(guestbook))

    @host.function('Guestbook.sign')
    def sign(ctx, form=None):
        form = form if isinstance(form, dict) else {}
        name = str(form.get('name') or (user(ctx) or {}).get('name') or '').strip()
        message = str(form.get('message') or '').strip()
        errors = {}
        if not name:
            errors['name'] = ['Tell us your name.']
        if not message:
            errors['message'] = ['Write a message.']
        elif len(message) > 500:
            errors['message'] = ['At most 500 characters.']
        if errors:
            return invalid(errors)
        entry = {'name': name[:60], 'message': message,
                 'at': datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')}
        with lock:
            entry['id'] = len(guestbook) + 1
            guestbook.append(entry)
        return result(entry, 'page')
    host.action('guestbookSign', 'Guestbook.sign')

    # --- the backend's own URLs -------------------------------------------------
    @host.route('/login', 'GET')
    def login_form(req):
        next_ = html.escape(safe_next(req.arg('next')), quote=True)
        return Response(200, (
            '<!doctype html><meta charset="utf-8"><title>Sign in</title>\n'
            '<h1>Sign in</h1><p>The example backend keeps no passwords: any name works '
            '("admin" is the administrator).</p>\n'
            '<form method="post" action="/login"><input type="hidden" name="next" value="%s">'
            '<label>Name <input name="name" autofocus></label> <button>Sign in</button></form>\n'
        ) % next_, [('X-Backend', 'example')])

    @host.route('/login', 'POST')
    def login(req):
        form = req.form()
        name = form.get('name', '').strip() or 'guest'
        return see_other(safe_next(form.get('next') or '/dashboard'), [('Set-Cookie', session_cookie(name))])

    @host.route('/logout', 'GET', 'POST')
    def logout(req):
        return see_other('/', [('Set-Cookie', 'session=; Path=/; Max-Age=0')])

    @host.route('/guestbook/sign', 'POST')
    def sign_form(req):
        ctx = host.context(req.environ)
        reply = host.run('Guestbook.sign', [req.form()], ctx)
        if reply.status == 422:
            problems = '; '.join(m for ms in reply.fields['validationErrors'].values() for m in ms)
            return see_other('/guestbook?error=' + urllib.parse.quote(problems))
        return see_other('/guestbook')

    return host


if __name__ == '__main__':
    if sys.argv[1:2] == ['--manifest']:  # rsc-host.json, to stdout or the given file
        text = json.dumps(make_host(secret='').manifest(), indent=2) + '\n'
        if len(sys.argv) > 2:
            with open(sys.argv[2], 'w', encoding='utf-8') as f:
                f.write(text)
        else:
            sys.stdout.write(text)
    else:
        serve(make_host())
