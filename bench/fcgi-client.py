#!/usr/bin/env python3
"""fcgi-client.py N URI APPDIR -- CMD...: starts CMD (kit-fcgi, maybe under
valgrind) with a listening Unix socket on fd 0, as a web server starts a
FastCGI responder, with KIT_APP_DIR=APPDIR; sends N GET URI requests one after
another; then SIGTERM. Prints the first answer's status line and the time to
stderr. Used by bench/instructions.sh. FCGI_CLIENT_HEADERS ("Name: value"
lines) adds request headers, as HTTP_* parameters; FCGI_CLIENT_SHOW=1 prints
the first answer whole; FCGI_CLIENT_CPU=1 the responder's CPU time (user +
system, from wait4) once it exited; FCGI_CLIENT_FIRST=1 the wall time from
the spawn to the end of the first answer (the socket listens before the
spawn, so the request waits in its backlog while the responder starts).
The FastCGI side is bench/fcgi_responder.py."""
import os, sys, time
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from fcgi_responder import Responder, get_request, stdout_of

n = int(sys.argv[1]); uri = sys.argv[2]; app = sys.argv[3]; cmd = sys.argv[5:]
responder = Responder(cmd, app, "kit-fcgi-client.")
headers = [(h.split(":", 1)[0].strip(), h.split(":", 1)[1].strip())
           for h in os.environ.get("FCGI_CLIENT_HEADERS", "").split("\n") if ":" in h]
req = get_request(uri, headers)
first = None
t0 = time.time()
for i in range(n):
    data = responder.exchange(req)
    if first is None:
        out = stdout_of(data)
        first = out.split(b"\r\n", 1)[0]
        t_first = time.monotonic()
        if os.environ.get("FCGI_CLIENT_SHOW"):
            sys.stderr.write(out.decode(errors="replace") + "\n")
t1 = time.time()
if os.environ.get("FCGI_CLIENT_FIRST"):
    print(f"first answer {1000 * (t_first - responder.spawned):.1f} ms after spawn", file=sys.stderr)
print(first.decode(errors="replace"), f"{n} requests in {t1-t0:.2f}s", file=sys.stderr)
ru = responder.stop()
if os.environ.get("FCGI_CLIENT_CPU"):
    print(f"responder CPU {ru.ru_utime + ru.ru_stime:.3f}s (user {ru.ru_utime:.3f}, system {ru.ru_stime:.3f})", file=sys.stderr)
