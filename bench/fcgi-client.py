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
spawn, so the request waits in its backlog while the responder starts)."""
import os, socket, struct, sys, signal, time
n = int(sys.argv[1]); uri = sys.argv[2]; app = sys.argv[3]; cmd = sys.argv[5:]
import tempfile
tmpdir = tempfile.mkdtemp(prefix="kit-fcgi-client.")
path = os.path.join(tmpdir, "sock")
ls = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); ls.bind(path); ls.listen(16)
t_spawn = time.monotonic()
pid = os.fork()
if pid == 0:
    os.dup2(ls.fileno(), 0)
    env = dict(os.environ, KIT_APP_DIR=app)
    os.execvpe(cmd[0], cmd, env)
ls.close()
def rec(t, rid, content):
    return struct.pack(">BBHHBx", 1, t, rid, len(content), 0) + content
def nv(k, v):
    k = k.encode(); v = v.encode()
    return bytes([len(k)]) + (bytes([len(v)]) if len(v) < 128 else struct.pack(">I", len(v) | 0x80000000)) + k + v
path_info, _, query = uri.partition("?")
params = b"".join(nv(k, v) for k, v in [("REQUEST_METHOD", "GET"), ("REQUEST_URI", uri), ("SERVER_PROTOCOL", "HTTP/1.1"),
    ("SCRIPT_NAME", ""), ("PATH_INFO", path_info), ("QUERY_STRING", query), ("HTTP_HOST", "127.0.0.1"), ("SERVER_NAME", "127.0.0.1"),
    ("SERVER_PORT", "80"), ("REMOTE_ADDR", "127.0.0.1"), ("GATEWAY_INTERFACE", "CGI/1.1")] +
    [("HTTP_" + h.split(":", 1)[0].strip().upper().replace("-", "_"), h.split(":", 1)[1].strip())
     for h in os.environ.get("FCGI_CLIENT_HEADERS", "").split("\n") if ":" in h])
req = rec(1, 1, struct.pack(">HB5x", 1, 0)) + rec(4, 1, params) + rec(4, 1, b"") + rec(5, 1, b"")
first = None
t0 = time.time()
for i in range(n):
    for attempt in range(600):
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); s.connect(path); break
        except OSError:
            s.close(); time.sleep(0.1)
    s.sendall(req)
    data = b""
    while True:
        b = s.recv(65536)
        if not b: break
        data += b
    s.close()
    if first is None:
        # first stdout record
        off = 0; out = b""
        while off + 8 <= len(data):
            v, t, rid, clen, plen = struct.unpack(">BBHHB", data[off:off+7])
            if t == 6: out += data[off+8:off+8+clen]
            off += 8 + clen + plen
        first = out.split(b"\r\n", 1)[0]
        t_first = time.monotonic()
        if os.environ.get("FCGI_CLIENT_SHOW"):
            sys.stderr.write(out.decode(errors="replace") + "\n")
t1 = time.time()
if os.environ.get("FCGI_CLIENT_FIRST"):
    print(f"first answer {1000 * (t_first - t_spawn):.1f} ms after spawn", file=sys.stderr)
print(first.decode(errors="replace"), f"{n} requests in {t1-t0:.2f}s", file=sys.stderr)
os.kill(pid, signal.SIGTERM)
_, _, ru = os.wait4(pid, 0)
if os.environ.get("FCGI_CLIENT_CPU"):
    print(f"responder CPU {ru.ru_utime + ru.ru_stime:.3f}s (user {ru.ru_utime:.3f}, system {ru.ru_stime:.3f})", file=sys.stderr)
os.unlink(path)
os.rmdir(tmpdir)
