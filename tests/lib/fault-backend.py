#!/usr/bin/env python3
"""tests/lib/fault-backend.py — a backend that fails on demand, for
tests/suites/fault-backend.sh.

Listens on 127.0.0.1:PORT (0: a free port; prints "PORT <n>" once listening)
and answers every POST of kit's host calls (docs/wire-formats.md §5) in the
mode last set with GET /__mode?m=MODE:

  ok       {"result": "Hello, kit!"} (a single call's answer)
  garbage  200 with an HTML body, not JSON
  hang     never answers (the connection stays open)

"Down" is this process stopped: the suite kills it and starts it again on
the same port. The secret is not checked: nothing but kit reaches it.
"""
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

mode = {'m': 'ok'}


class Handler(BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'

    def log_message(self, *args):
        pass

    def send(self, status, ctype, body):
        self.send_response(status)
        self.send_header('Content-Type', ctype)
        self.send_header('Content-Length', str(len(body)))
        self.send_header('Connection', 'close')
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path.startswith('/__mode?m='):
            mode['m'] = self.path.split('=', 1)[1]
            self.send(200, 'text/plain', mode['m'].encode())
        else:
            self.send(404, 'text/plain', b'not found')

    def do_POST(self):
        length = int(self.headers.get('Content-Length') or 0)
        self.rfile.read(length)
        m = mode['m']
        if m == 'hang':
            time.sleep(3600)
        elif m == 'garbage':
            self.send(200, 'text/html', b'<html><body>502 Bad Gateway from a proxy</body></html>')
        else:
            self.send(200, 'application/json', json.dumps({'result': 'Hello, kit!'}).encode())


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    server = ThreadingHTTPServer(('127.0.0.1', port), Handler)
    server.daemon_threads = True
    print('PORT', server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass


if __name__ == '__main__':
    main()
