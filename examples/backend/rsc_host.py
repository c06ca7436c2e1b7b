"""rsc_host — kit's backend protocol (docs/wire-formats.md §5) for a Python 3 backend.

Standard library only (Debian 12's python3, no pip). A backend made with it:

    from rsc_host import Host, unauthenticated, serve
    host = Host()

    @host.function('Orders.recent')
    def recent(ctx, n=3): ...              # ctx.headers: the visitor's Cookie/Authorization

    @host.guard('auth')                    # export const middleware = ['auth'] in middleware.ts
    def auth(ctx, arg):
        return None if ctx.cookies.get('session') else unauthenticated()

    @host.route('/login', 'GET', 'POST')   # a URL of the backend's own (forwarded by kit)
    def login(req): return Response(...)

    serve(host)                            # threaded HTTP server (or: host is a WSGI app)

What the host answers (the wire format kit's renderer speaks):
- POST /__rsc/host-call (RSC_HOST_CALL_PATH): the X-Rsc-Host-Secret header is
  compared with RSC_HOST_CALL_SECRET in constant time first (403 otherwise; an
  empty secret authorises nobody, and serve() refuses to start without one). A
  single call {"function","args"} is answered as JSON with the status of its
  outcome; a batch {"calls":[...]} (at most 50, else 413) as NDJSON, one line
  {"index", "status", ...} per call written and flushed as that call finishes:
  each call runs on its own thread, so a slow call never holds a fast one.
- __rsc.middleware: the guards named in args[0] run in order; the first
  refusal is the answer, otherwise {"result": true}. A name with no guard
  refuses (500 naming it); an empty list passes.
- Routes registered with host.route() (login forms, webhooks...).
- Anything else: 404 when it carries X-Rsc-Renderer-Fallback (the renderer
  forwarded it: never hand it back); otherwise, when RSC_RENDERER_URL is set
  (backend in front, docs/backend-in-front.md), proxied to the renderer with
  X-Rsc-Proxied-By-Backend: 1, at most workers - 1 at a time (503 when the
  cap stays reached for RSC_PROXY_WAIT_MS); else 404.

serve() runs a pool of RSC_BACKEND_WORKERS (default 8) request threads: each
connection holds one worker until its answer ends (Connection: close), so the
worker count means what a PHP-FPM pool size means. Streamed answers use
chunked encoding; an exception after the headers were sent closes the
connection without the last chunk, so the client sees the answer was cut.
"""

import hmac
import http.client
import json
import os
import queue
import socket
import sys
import threading
import traceback
import urllib.parse
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MAX_BATCH = 50
MAX_BODY = 8 << 20
FALLBACK_MARKER = 'X-Rsc-Renderer-Fallback'
PROXIED_MARKER = 'X-Rsc-Proxied-By-Backend'
HOP_BY_HOP = {'connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te',
              'trailer', 'transfer-encoding', 'upgrade', 'proxy-connection'}


def reason(status):
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return 'Status %d' % status


def dumps(value):
    return json.dumps(value, separators=(',', ':'), ensure_ascii=False, allow_nan=False)


# --- replies: the protocol's outcome kinds ------------------------------------------

class Reply:
    """An answer to one call: an HTTP status and the reply fields (docs/wire-formats.md §5.3)."""

    def __init__(self, status, fields, set_cookie=None):
        self.status = status
        self.fields = fields
        self.set_cookie = set_cookie or []


def result(value, *revalidate):
    fields = {'result': value}
    if revalidate:
        fields['revalidate'] = list(revalidate)
    return Reply(200, fields)


def revalidating(value, *regions):
    return result(value, *regions)


def unauthenticated(message='Unauthenticated.'):
    return Reply(401, {'unauthenticated': True, 'error': message})


def unauthorized(message='This action is unauthorized.'):
    return Reply(403, {'unauthorized': True, 'error': message})


def redirect(to, status=None):
    if not to:
        return fail('redirect to an empty location')
    fields = {'redirect': to}
    if status:
        fields['redirectStatus'] = status
    return Reply(200, fields)


def refuse(status, message=None):
    if not 400 <= status <= 599:  # a refusal must never read as success
        return fail('refusal with status %s' % status)
    return Reply(status, {'error': message or reason(status), 'refusalStatus': status})


def invalid(errors=None):
    return Reply(422, {'validationErrors': errors or {'': ['The given data was invalid.']},
                       'error': 'The given data was invalid.'})


def fail(message='Something went wrong.'):
    return Reply(500, {'error': message})


# --- requests -----------------------------------------------------------------------

class Context:
    """What a function or guard sees of the visitor: the headers the renderer
    forwarded (lower-case names: cookie, authorization) and their cookies."""

    def __init__(self, headers, environ=None):
        self.headers = headers
        self.environ = environ or {}
        self.cookies = parse_cookies(headers.get('cookie', ''))
        self.set_cookie = []  # Set-Cookie values for a single call's answer

    def add_cookie(self, value):
        """A cookie for the visitor (single calls and guards only: a batched
        call's answer has sent its headers before the call ran)."""
        self.set_cookie.append(value)


def parse_cookies(text):
    out = {}
    for part in text.split(';'):
        name, eq, value = part.strip().partition('=')
        if eq and name and name not in out:
            out[name] = urllib.parse.unquote(value)
    return out


def environ_headers(environ, skip=()):
    """The request's headers from a WSGI environ, lower-case names, sorted."""
    out = {}
    for key, value in environ.items():
        if key.startswith('HTTP_'):
            name = key[5:].replace('_', '-').lower()
        elif key in ('CONTENT_TYPE', 'CONTENT_LENGTH') and value:
            name = key.replace('_', '-').lower()
        else:
            continue
        if name not in skip:
            out[name] = value
    return dict(sorted(out.items()))


def read_body(environ, limit=MAX_BODY):
    """The request body (bytes); raises ValueError past limit."""
    stream = environ['wsgi.input']
    length = environ.get('CONTENT_LENGTH') or ''
    if length.isdigit():
        n = int(length)
        if n > limit:
            raise ValueError('the request body is larger than %d bytes' % limit)
        return stream.read(n) if n else b''
    if environ.get('HTTP_TRANSFER_ENCODING', '').lower() == 'chunked':
        data = stream.read(limit + 1)
        if len(data) > limit:
            raise ValueError('the request body is larger than %d bytes' % limit)
        return data
    return b''


class Request:
    """A request to one of the backend's own routes."""

    def __init__(self, environ):
        self.environ = environ
        self.method = environ['REQUEST_METHOD']
        self.path = environ.get('PATH_INFO') or '/'
        self.query = urllib.parse.parse_qs(environ.get('QUERY_STRING', ''))
        self.headers = environ_headers(environ)
        self.cookies = parse_cookies(self.headers.get('cookie', ''))
        self._body = None

    def body(self):
        if self._body is None:
            self._body = read_body(self.environ)
        return self._body

    def form(self):
        """The fields of an urlencoded form post, one value each."""
        fields = urllib.parse.parse_qs(self.body().decode('utf-8', 'replace'), keep_blank_values=True)
        return {k: v[0] for k, v in fields.items()}

    def arg(self, name, default=None):
        return self.query.get(name, [default])[0]


class Response:
    def __init__(self, status=200, body=b'', headers=None, content_type='text/html; charset=utf-8'):
        self.status = status
        self.body = body.encode('utf-8') if isinstance(body, str) else body
        self.headers = list(headers or [])
        if content_type and not any(k.lower() == 'content-type' for k, _ in self.headers):
            self.headers.insert(0, ('Content-Type', content_type))


def json_response(status, value, headers=None):
    return Response(status, dumps(value), headers, 'application/json')


def see_other(location, headers=None):
    return Response(303, b'', [('Location', location)] + list(headers or []), None)


# --- the host -----------------------------------------------------------------------

class Host:
    """A WSGI application answering host calls, guards, the backend's own
    routes and (backend in front) proxying pages to the renderer."""

    def __init__(self, secret=None, call_path=None, renderer_url=None, workers=None, proxy_wait_ms=None):
        env = os.environ
        self.secret = env.get('RSC_HOST_CALL_SECRET', '') if secret is None else secret
        self.call_path = call_path or env.get('RSC_HOST_CALL_PATH') or '/__rsc/host-call'
        self.workers = int(workers or env.get('RSC_BACKEND_WORKERS') or 8)
        self.renderer_url = env.get('RSC_RENDERER_URL', '') if renderer_url is None else renderer_url
        self.proxy_wait = int(env.get('RSC_PROXY_WAIT_MS') or 1000 if proxy_wait_ms is None else proxy_wait_ms) / 1000
        self.proxy_slots = None
        if self.renderer_url:
            parts = urllib.parse.urlsplit(self.renderer_url)
            if parts.scheme not in ('http', 'https') or not parts.hostname:
                raise SystemExit('RSC_RENDERER_URL must be an http:// URL, not %r' % self.renderer_url)
            if self.workers < 2:
                raise SystemExit('RSC_RENDERER_URL is set but RSC_BACKEND_WORKERS is %d: a page the '
                                 'backend proxies to the renderer holds a worker while its rpc() '
                                 'calls need another one (deadlock); use at least 2' % self.workers)
            self.renderer = parts
            # at most workers - 1 proxied renders: one worker is always left
            # for the host calls those renders make back into this backend
            self.proxy_slots = threading.BoundedSemaphore(self.workers - 1)
        self.functions = {}
        self.guards = {}
        self.routes = {}
        self.actions = {}

    def require_secret(self):
        """serve() and run_cgi() start only with a secret: an empty one
        authorises nobody (every host call would be a 403)."""
        if not self.secret:
            raise SystemExit('RSC_HOST_CALL_SECRET is not set: the backend refuses to answer host '
                             'calls without a shared secret (the renderer needs the same value)')

    def manifest(self):
        """rsc-host.json (docs/wire-formats.md §5.7): the actions (JS export name → function)
        and every function name rpc() may call, sorted."""
        return {'actions': dict(sorted(self.actions.items())), 'functions': sorted(self.functions)}

    # registration
    def function(self, name):
        if name.startswith('__rsc.'):
            raise ValueError('%s is reserved for the protocol' % name)

        def register(fn):
            self.functions[name] = fn
            return fn
        return register

    def action(self, js_name, name):
        """Declares function `name` an action, exported to the app as js_name."""
        self.actions[js_name] = name

    def guard(self, name):
        def register(fn):
            self.guards[name] = fn
            return fn
        return register

    def route(self, path, *methods):
        def register(fn):
            for m in methods or ('GET',):
                self.routes[(m, path)] = fn
            return fn
        return register

    # calls
    def run(self, name, args, ctx):
        """Runs one call; always returns a Reply (a crash is a 500 failure)."""
        try:
            if name == '__rsc.middleware':
                return self.run_guards(args[0] if args and isinstance(args[0], list) else [], ctx)
            fn = self.functions.get(name)
            if fn is None:
                return Reply(404, {'error': 'unknown function %s' % name})
            out = fn(ctx, *args)
            return out if isinstance(out, Reply) else result(out)
        except Exception as e:  # noqa: BLE001 - a crash answers its own call only
            traceback.print_exc(file=sys.stderr)
            return fail('%s: %s' % (type(e).__name__, e))

    def run_guards(self, names, ctx):
        for entry in names:
            key, _, arg = str(entry).partition(':')
            guard = self.guards.get(key)
            if guard is None:
                return fail('no guard named %s (known: %s)' % (key, ', '.join(sorted(self.guards))))
            refusal = guard(ctx, arg)
            if refusal is not None:
                return refusal if isinstance(refusal, Reply) else Reply(200, {'result': refusal})
        return result(True)

    def context(self, environ):
        skip = ('host', 'content-length', 'connection', 'x-rsc-host-secret')
        return Context(environ_headers(environ, skip), environ)

    def secret_ok(self, given):
        if not given:
            return False
        return hmac.compare_digest(given.encode('utf-8', 'replace'), self.secret.encode('utf-8'))

    def answer_single(self, call, ctx):
        reply = self.run(call['function'], call.get('args') or [], ctx)
        body = dumps(reply.fields).encode('utf-8')
        cookies = ctx.set_cookie + reply.set_cookie
        headers = [('Content-Type', 'application/json')] + [('Set-Cookie', c) for c in cookies]
        return reply.status, headers, [body]

    def batch_line(self, index, call, ctx):
        if not isinstance(call, dict) or not isinstance(call.get('function'), str) or \
                not isinstance(call.get('args', []), list):
            return {'index': index, 'status': 400, 'error': 'malformed call'}
        reply = self.run(call['function'], call.get('args') or [], ctx)
        return dict({'index': index, 'status': reply.status}, **reply.fields)  # no cookies in a batch

    def answer_batch(self, calls, ctx):
        """NDJSON, one line per call as it finishes (a thread per call)."""
        lines = queue.Queue()

        def work(index, call):
            try:
                line = dumps(self.batch_line(index, call, ctx))
            except Exception as e:  # noqa: BLE001 - e.g. a result JSON cannot encode
                line = dumps({'index': index, 'status': 500, 'error': 'the result cannot be encoded: %s' % e})
            lines.put((line + '\n').encode('utf-8'))

        for index, call in enumerate(calls):
            threading.Thread(target=work, args=(index, call), daemon=True).start()

        def stream():
            for _ in calls:
                yield lines.get()
        return 200, [('Content-Type', 'application/x-ndjson'), ('X-Accel-Buffering', 'no')], stream()

    def host_call(self, environ):
        """Returns (status, headers, iterable of bytes)."""
        def error(status, message):
            return status, [('Content-Type', 'application/json')], [dumps({'error': message}).encode()]
        if environ['REQUEST_METHOD'] != 'POST':
            return error(405, 'method not allowed')
        if not self.secret_ok(environ.get('HTTP_X_RSC_HOST_SECRET', '')):
            return error(403, 'bad or missing host secret')
        try:
            payload = json.loads(read_body(environ).decode('utf-8'))
        except ValueError as e:
            return error(413 if 'larger' in str(e) else 400, 'malformed JSON' if 'larger' not in str(e) else str(e))
        ctx = self.context(environ)
        if isinstance(payload, dict) and isinstance(payload.get('calls'), list):
            calls = payload['calls']
            if not calls:
                return error(400, 'empty batch')
            if len(calls) > MAX_BATCH:
                return error(413, 'more than %d calls in one batch' % MAX_BATCH)
            return self.answer_batch(calls, ctx)
        if not isinstance(payload, dict) or not isinstance(payload.get('function'), str) or \
                not isinstance(payload.get('args', []), list):
            return error(400, 'a call needs "function" and "args" (a list)')
        try:
            return self.answer_single(payload, ctx)
        except (TypeError, ValueError) as e:  # the result cannot be encoded (NaN, a set...)
            return error(500, 'the result cannot be encoded: %s' % e)

    # everything else
    def not_found(self):
        return 404, [('Content-Type', 'text/plain; charset=utf-8')], [b'Not Found\n']

    def other(self, environ):
        req = Request(environ)
        handler = self.routes.get((req.method, req.path))
        if handler is None and req.method == 'HEAD':
            handler = self.routes.get(('GET', req.path))
        if handler is not None:
            r = handler(req)
            return r.status, r.headers, [r.body]
        if environ.get('HTTP_X_RSC_RENDERER_FALLBACK'):
            return self.not_found()  # the renderer forwarded it: never hand it back
        if self.renderer_url:
            return self.proxy(environ)
        return self.not_found()

    def proxy(self, environ):
        """Backend in front: the page comes from the renderer, marked so the
        renderer never forwards it back. Holds one of workers - 1 slots."""
        if not self.proxy_slots.acquire(timeout=self.proxy_wait):
            return 503, [('Content-Type', 'text/plain; charset=utf-8'), ('Retry-After', '1')], \
                [b'The site is busy, try again in a moment.\n']
        try:
            parts = self.renderer
            cls = http.client.HTTPSConnection if parts.scheme == 'https' else http.client.HTTPConnection
            conn = cls(parts.hostname, parts.port, timeout=60)
            uri = environ.get('REQUEST_URI') or (urllib.parse.quote(environ.get('PATH_INFO') or '/') +
                                                ('?' + environ['QUERY_STRING'] if environ.get('QUERY_STRING') else ''))
            conn.putrequest(environ['REQUEST_METHOD'], parts.path.rstrip('/') + uri,
                            skip_host=True, skip_accept_encoding=True)
            headers = environ_headers(environ)
            for name, value in headers.items():
                if name not in HOP_BY_HOP and name != 'content-length' and not name.startswith('x-rsc-proxied'):
                    conn.putheader(name, value)
            if 'host' not in headers:
                conn.putheader('Host', parts.netloc)
            conn.putheader('X-Forwarded-Host', headers.get('host', ''))
            conn.putheader('X-Forwarded-Proto', environ.get('wsgi.url_scheme', 'http'))
            conn.putheader(PROXIED_MARKER, '1')
            body = read_body(environ)
            if body or environ['REQUEST_METHOD'] in ('POST', 'PUT', 'PATCH'):
                conn.putheader('Content-Length', str(len(body)))
            conn.putheader('Connection', 'close')
            conn.endheaders(body or None)
            resp = conn.getresponse()
        except (OSError, http.client.HTTPException, ValueError) as e:
            self.proxy_slots.release()
            print('rsc_host: the renderer at %s did not answer: %s' % (self.renderer_url, e), file=sys.stderr)
            return 502, [('Content-Type', 'text/plain; charset=utf-8')], [b'rsc renderer unreachable\n']
        out = [(k, v) for k, v in resp.getheaders() if k.lower() not in HOP_BY_HOP]
        slots = self.proxy_slots

        def stream():
            try:
                while True:
                    chunk = resp.read1(65536)
                    if not chunk:
                        break
                    yield chunk
            finally:
                conn.close()
                slots.release()
        return resp.status, out, stream()

    # WSGI
    def __call__(self, environ, start_response):
        path = environ.get('PATH_INFO') or '/'
        try:
            if path == self.call_path:
                status, headers, body = self.host_call(environ)
            else:
                status, headers, body = self.other(environ)
        except ValueError as e:  # e.g. a body over the cap
            status, headers, body = 413, [('Content-Type', 'text/plain')], [str(e).encode() + b'\n']
        start_response('%d %s' % (status, reason(status)), headers)
        return body


# --- a threaded HTTP/1.1 server for a WSGI app --------------------------------------

class _ChunkedReader:
    """wsgi.input for a request sent with Transfer-Encoding: chunked."""

    def __init__(self, rfile):
        self.rfile = rfile
        self.left = 0
        self.done = False

    def read(self, n=-1):
        out = bytearray()
        while not self.done and (n < 0 or len(out) < n):
            if self.left == 0:
                size = self.rfile.readline(1024).split(b';')[0].strip()
                self.left = int(size or b'0', 16)
                if self.left == 0:
                    while self.rfile.readline(1024) not in (b'\r\n', b'\n', b''):
                        pass
                    self.done = True
                    break
            take = self.left if n < 0 else min(self.left, n - len(out))
            data = self.rfile.read(take)
            if not data:
                raise ValueError('the request body ended early')
            out += data
            self.left -= len(data)
            if self.left == 0:
                self.rfile.readline(8)
        return bytes(out)


class _LimitedReader:
    def __init__(self, rfile, n):
        self.rfile = rfile
        self.left = n

    def read(self, n=-1):
        if n < 0 or n > self.left:
            n = self.left
        data = self.rfile.read(n) if n else b''
        self.left -= len(data)
        return data


class _Handler(BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'
    server_version = 'rsc-host-python'

    def handle_one_request(self):
        self.close_connection = True  # one request per connection = per worker
        self.raw_requestline = self.rfile.readline(65537)
        if not self.raw_requestline:
            return
        if len(self.raw_requestline) > 65536:
            self.send_error(414)
            return
        if not self.parse_request():
            return
        self.run_app()

    def environ(self):
        path, _, query = self.path.partition('?')
        length = self.headers.get('Content-Length', '')
        env = {
            'REQUEST_METHOD': self.command, 'SCRIPT_NAME': '', 'REQUEST_URI': self.path,
            'PATH_INFO': urllib.parse.unquote(path, 'latin-1'), 'QUERY_STRING': query,
            'CONTENT_TYPE': self.headers.get('Content-Type', ''), 'CONTENT_LENGTH': length,
            'SERVER_NAME': self.server.server_name, 'SERVER_PORT': str(self.server.server_port),
            'SERVER_PROTOCOL': self.request_version, 'REMOTE_ADDR': self.client_address[0],
            'wsgi.version': (1, 0), 'wsgi.url_scheme': 'http', 'wsgi.errors': sys.stderr,
            'wsgi.multithread': True, 'wsgi.multiprocess': False, 'wsgi.run_once': False,
        }
        if self.headers.get('Transfer-Encoding', '').lower() == 'chunked':
            env['wsgi.input'] = _ChunkedReader(self.rfile)
        else:
            env['wsgi.input'] = _LimitedReader(self.rfile, int(length) if length.isdigit() else 0)
        for name, value in self.headers.items():
            key = 'HTTP_' + name.upper().replace('-', '_')
            if key in ('HTTP_CONTENT_TYPE', 'HTTP_CONTENT_LENGTH'):
                continue
            sep = '; ' if key == 'HTTP_COOKIE' else ', '
            env[key] = env[key] + sep + value if key in env else value
        return env

    def run_app(self):
        state = {'status': None, 'headers': None, 'sent': False, 'chunked': False}

        def start_response(status, headers, exc_info=None):
            if exc_info and state['sent']:
                raise exc_info[1].with_traceback(exc_info[2])
            state['status'], state['headers'] = status, headers
            return write

        def send_headers(known_length=None):
            code, _, text = state['status'].partition(' ')
            self.send_response_only(int(code), text)
            names = set()
            for k, v in state['headers']:
                names.add(k.lower())
                self.send_header(k, v)
            if 'content-length' not in names:
                if known_length is not None:
                    self.send_header('Content-Length', str(known_length))
                else:
                    self.send_header('Transfer-Encoding', 'chunked')
                    state['chunked'] = True
            self.send_header('Connection', 'close')
            self.end_headers()
            state['sent'] = True

        def write(data):
            if not state['sent']:
                send_headers()
            if not data or self.command == 'HEAD':
                return
            if state['chunked']:
                self.wfile.write(b'%x\r\n%s\r\n' % (len(data), data))
            else:
                self.wfile.write(data)
            self.wfile.flush()

        env = self.environ()
        body = None
        try:
            body = self.server.app(env, start_response)
            if isinstance(body, (list, tuple)) and not state['sent']:
                data = b''.join(body)
                send_headers(len(data))
                if self.command != 'HEAD':
                    self.wfile.write(data)
            else:
                for data in body:
                    write(data)
                if not state['sent']:
                    send_headers(0)
                elif state['chunked']:
                    self.wfile.write(b'0\r\n\r\n')
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client went away
        except Exception:  # noqa: BLE001
            traceback.print_exc(file=sys.stderr)
            if not state['sent']:
                state['status'], state['headers'] = '500 Internal Server Error', [('Content-Type', 'text/plain')]
                send_headers(22)
                self.wfile.write(b'Internal Server Error\n')
            else:  # cut: close without the last chunk, the client sees it
                self.cut()
        finally:
            if hasattr(body, 'close'):
                body.close()

    def cut(self):
        try:
            self.wfile.flush()
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b'\x01\x00\x00\x00\x00\x00\x00\x00')
        except OSError:
            pass
        self.connection.close()

    def log_message(self, fmt, *args):
        if os.environ.get('RSC_BACKEND_LOG'):
            sys.stderr.write('%s - %s\n' % (self.address_string(), fmt % args))


class Server(ThreadingHTTPServer):
    """At most `workers` requests at a time; further connections wait in the
    listen queue, as they would for a PHP-FPM pool of that size."""
    daemon_threads = True
    request_queue_size = 128

    def __init__(self, address, app, workers):
        self.app = app
        self.slots = threading.BoundedSemaphore(workers)
        super().__init__(address, _Handler)

    def process_request(self, request, client_address):
        self.slots.acquire()
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()


def serve(host, address=None, port=None):
    """Serves host on 127.0.0.1:PORT (PORT=0: a free port); prints "PORT n"."""
    host.require_secret()
    address = address or os.environ.get('HOST', '127.0.0.1')
    port = int(os.environ.get('PORT', '8080') if port is None else port)
    server = Server((address, port), host, host.workers)
    print('PORT %d' % server.server_port, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def run_cgi(host):
    """Answers one request as a CGI program (shared hosting): wsgiref's CGI
    handler writes and flushes each NDJSON line as it comes."""
    from wsgiref.handlers import CGIHandler
    host.require_secret()
    CGIHandler().run(host)
