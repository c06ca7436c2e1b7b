#!/usr/bin/env python3
"""tests/backend/reference.py — the reference backend of the protocol tests:
examples/backend/app.py (the demo backend, on rsc_host.py) plus functions and
misbehaviours the tests need and no real backend should have.

    RSC_HOST_CALL_SECRET=s PORT=0 python3 tests/backend/reference.py

Adds to the example: Echo.args, Echo.headers, Counter.next, Refuse.* (every
refusal kind), Revalidate.save, Session.login (a cookie on a host-call
answer), Session.touch (in a batch: the cookie on the NDJSON headers), Hang.forever (answers after 30 s), and batch/answer misbehaviours
keyed on a call's name: Debug.repliesForm first → the {"replies"} form;
Debug.singleOnly first → 400 for the whole batch; Debug.dropLast → the last
index never answered; Debug.cutMidStream → the connection is cut after the
other lines; Debug.notJson (single) → an HTML body. Guards: throttle (429),
redirect-login (302), missing (404), crash, answer-false ({"result":"no"}), remember (passes, setting a cookie).
Test URLs: GET /__test/calls (host calls received: {call,args,headers} or
{batch:[names],headers}; forwarded requests as {forwarded:url}),
/__test/reset, /__test/proxying (proxied renders in flight), /__test/hang
(answers nothing for 20 s), /__test/slow?ms=N (61 KiB in 1 KiB chunks spread
over N ms), /__test/cut (4 KiB, then the connection is cut). Any other URL
that is not the backend's own echoes what reached it (JSON; /missing → 404),
except that with RSC_RENDERER_URL set (backend in front) the example's rules
hold: an unmarked request is proxied to the renderer, a forwarded one is 404.
"""

import itertools
import os
import sys
import threading
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..', '..', 'examples', 'backend'))
from app import make_host  # noqa: E402
from rsc_host import (Reply, dumps, environ_headers, fail, read_body, redirect,  # noqa: E402
                      refuse, revalidating, serve, unauthenticated, unauthorized, invalid)

seen = []
seen_lock = threading.Lock()


def record(entry):
    with seen_lock:
        seen.append(entry)


def make_reference():
    host = make_host(workers=os.environ.get('RSC_BACKEND_WORKERS') or 32)
    counter = itertools.count(1)
    fn = host.function

    fn('Echo.args')(lambda ctx, *args: list(args))
    fn('Echo.headers')(lambda ctx: ctx.headers)
    fn('Counter.next')(lambda ctx: next(counter))
    fn('Refuse.unauthenticated')(lambda ctx: unauthenticated())
    fn('Refuse.unauthorized')(lambda ctx: unauthorized())
    fn('Refuse.redirect')(lambda ctx, to='/login', status=None: redirect(to, status))
    fn('Refuse.throttle')(lambda ctx: refuse(429, 'Too many requests, slow down.'))
    fn('Refuse.status')(lambda ctx, status=409, message=None: refuse(int(status), message))
    fn('Refuse.invalid')(lambda ctx: invalid({'email': ['The email is not valid.'], '': ['The form is incomplete.']}))
    fn('Refuse.fail')(lambda ctx: fail('The database is down.'))
    fn('Refuse.notFound')(lambda ctx: refuse(404, 'No such order.'))
    fn('Revalidate.save')(lambda ctx: revalidating({'saved': True}, 'orders', 'page'))
    fn('Session.login')(lambda ctx, name='guest': Reply(200, {'result': 'logged in as %s' % name},
                                                         ['session=%s; Path=/; HttpOnly' % name]))
    # in a batch, its cookie goes on the NDJSON answer's headers (sent before any line)
    fn('Session.touch')(lambda ctx: Reply(200, {'result': 'touched'}, ['touched=1; Path=/']))
    fn('Hang.forever')(lambda ctx: time.sleep(30))
    fn('Debug.repliesForm')(lambda ctx: 'replies form')

    host.guard('throttle')(lambda ctx, arg: refuse(429))
    host.guard('redirect-login')(lambda ctx, arg: redirect('/login', 302))
    host.guard('missing')(lambda ctx, arg: refuse(404))
    host.guard('answer-false')(lambda ctx, arg: 'no')
    host.guard('remember')(lambda ctx, arg: ctx.add_cookie('remembered=1; Path=/'))

    @host.guard('crash')
    def crash(ctx, arg):
        raise RuntimeError('guard crashed')

    single, batch, other = host.answer_single, host.answer_batch, host.other

    def answer_single(call, ctx):
        record({'call': call['function'], 'args': call.get('args'), 'headers': ctx.headers})
        if call['function'] == 'Debug.notJson':
            return 200, [('Content-Type', 'text/html')], [b'<h1>oops</h1>']
        return single(call, ctx)

    def answer_batch(calls, ctx):
        names = [c.get('function') if isinstance(c, dict) else None for c in calls]
        record({'batch': names, 'headers': ctx.headers})
        if names[0] == 'Debug.singleOnly':
            return 400, [('Content-Type', 'application/json')], [b'{"error":"this backend answers single calls only"}']
        if names[0] == 'Debug.repliesForm':
            replies = []
            for c in calls:
                r = host.run(c['function'], c.get('args') or [], ctx)
                replies.append(dict({'status': r.status}, **r.fields))
            return 200, [('Content-Type', 'application/json')], [dumps({'replies': replies}).encode()]
        if 'Debug.dropLast' in names or 'Debug.cutMidStream' in names:
            cut = 'Debug.cutMidStream' in names
            keep = [(i, c) for i, c in enumerate(calls) if names[i] not in ('Debug.dropLast', 'Debug.cutMidStream')
                    and not (names[i] and 'Debug.dropLast' in names and i == len(calls) - 1)]
            status, headers, _ = batch([], ctx)

            def stream():
                for i, c in keep:
                    yield (dumps(host.batch_line(i, c, ctx)) + '\n').encode()
                if cut:
                    time.sleep(0.05)
                    raise ConnectionAbortedError('Debug.cutMidStream: cutting the answer')
            return status, headers, stream()
        status, headers, lines = batch(calls, ctx)
        if 'Session.touch' in names:
            headers = headers + [('Set-Cookie', 'touched=1; Path=/')]
        return status, headers, lines

    def echo(environ):
        path = environ.get('PATH_INFO') or '/'
        body = read_body(environ)
        out = {'backend': 'example', 'method': environ['REQUEST_METHOD'], 'url': environ.get('REQUEST_URI', path),
               'headers': environ_headers(environ), 'body': body.decode('utf-8', 'replace')}
        return (404 if path == '/missing' else 200,
                [('Content-Type', 'application/json'), ('X-Backend', 'example'), ('Set-Cookie', 'seen=1; Path=/')],
                [dumps(out).encode()])

    def answer_other(environ):
        path = environ.get('PATH_INFO') or '/'
        json_ = [('Content-Type', 'application/json')]
        if path == '/__test/calls':
            with seen_lock:
                return 200, json_, [dumps(seen).encode()]
        if path == '/__test/reset':
            with seen_lock:
                seen.clear()
            return 200, json_, [b'{}']
        if path == '/__test/proxying':
            busy = host.workers - 1 - host.proxy_slots._value if host.proxy_slots else 0
            return 200, json_, [dumps(busy).encode()]
        if path == '/__test/hang':
            time.sleep(20)
            return 200, json_, [b'{"late":true}']
        if path in ('/__test/slow', '/__test/cut'):
            query = dict(kv.split('=', 1) for kv in environ.get('QUERY_STRING', '').split('&') if '=' in kv)
            pause = int(query.get('ms', '0')) / 61000.0

            def pieces():
                for i in range(61):
                    if path == '/__test/cut' and i == 4:
                        raise ConnectionAbortedError('/__test/cut: cutting the answer')
                    yield (b'%04d' % i) + b'.' * 1019 + b'\n'
                    time.sleep(pause)
            return 200, [('Content-Type', 'text/plain')], pieces()
        if environ.get('HTTP_X_RSC_RENDERER_FALLBACK'):
            record({'forwarded': environ.get('REQUEST_URI', path)})
        if (environ['REQUEST_METHOD'], path) in host.routes or host.renderer_url:
            return other(environ)  # in front: proxied, or 404 when forwarded
        return echo(environ)

    host.answer_single, host.answer_batch, host.other = answer_single, answer_batch, answer_other
    return host


if __name__ == '__main__':
    serve(make_reference())
