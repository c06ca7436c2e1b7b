#!/usr/bin/env python3
"""responder-rss.py N APPDIR URI... -- CMD...: starts CMD (kit-fcgi) with a
listening Unix socket on fd 0, as a web server starts a FastCGI responder,
with KIT_APP_DIR=APPDIR; sends N GET requests one after another, cycling
through the URIs (each with a User-Agent and a `name=bench` cookie, as
make bench-peers sends them); then prints what the responder holds, from
/proc/PID/status and /proc/PID/smaps_rollup, as "name value" lines in kB:
VmRSS, VmHWM, RssAnon, RssFile, Private_Dirty. Used by bench/responder-rss.sh
(issue 19 item 6: <= 16 MiB after 10,000 mixed requests). An answer other
than 200 to the first round stops it with status 1. RSS_SMAPS=FILE also
copies /proc/PID/smaps there (which mappings hold the pages)."""
import os, socket, struct, sys, signal, time

args = sys.argv[1:]
sep = args.index("--")
n = int(args[0]); app = args[1]; uris = args[2:sep]; cmd = args[sep + 1:]
import tempfile
tmpdir = tempfile.mkdtemp(prefix="kit-rss.")
path = os.path.join(tmpdir, "sock")
ls = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); ls.bind(path); ls.listen(16)
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
def request(uri):
    path_info, _, query = uri.partition("?")
    params = b"".join(nv(k, v) for k, v in [("REQUEST_METHOD", "GET"), ("REQUEST_URI", uri),
        ("SERVER_PROTOCOL", "HTTP/1.1"), ("SCRIPT_NAME", ""), ("PATH_INFO", path_info), ("QUERY_STRING", query),
        ("HTTP_HOST", "127.0.0.1"), ("SERVER_NAME", "127.0.0.1"), ("SERVER_PORT", "80"),
        ("REMOTE_ADDR", "127.0.0.1"), ("GATEWAY_INTERFACE", "CGI/1.1"),
        ("HTTP_USER_AGENT", "responder-rss"), ("HTTP_COOKIE", "name=bench")])
    return rec(1, 1, struct.pack(">HB5x", 1, 0)) + rec(4, 1, params) + rec(4, 1, b"") + rec(5, 1, b"")
reqs = [request(u) for u in uris]

def status_line(data):
    off = 0; out = b""
    while off + 8 <= len(data):
        v, t, rid, clen, plen = struct.unpack(">BBHHB", data[off:off+7])
        if t == 6: out += data[off+8:off+8+clen]
        off += 8 + clen + plen
    line = out.split(b"\r\n", 1)[0].decode(errors="replace")
    return line

t0 = time.time()
bad = None
for i in range(n):
    for attempt in range(600):
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); s.connect(path); break
        except OSError:
            s.close(); time.sleep(0.1)
    s.sendall(reqs[i % len(reqs)])
    data = b""
    while True:
        b = s.recv(65536)
        if not b: break
        data += b
    s.close()
    if i < len(reqs):
        line = status_line(data)
        if line and not line.startswith("Status: 200"):
            bad = f"{uris[i]}: {line}"
            break
t1 = time.time()

def fields(file, names):
    got = {}
    with open(file) as f:
        for line in f:
            k, _, v = line.partition(":")
            if k in names: got[k] = int(v.split()[0])
    return got
if bad is None:
    st = fields(f"/proc/{pid}/status", ("VmRSS", "VmHWM"))
    sm = fields(f"/proc/{pid}/smaps_rollup", ("Private_Dirty",))
    if os.environ.get("RSS_SMAPS"):
        with open(f"/proc/{pid}/smaps") as f, open(os.environ["RSS_SMAPS"], "w") as o: o.write(f.read())
    st2 = fields(f"/proc/{pid}/status", ("RssAnon", "RssFile"))
os.kill(pid, signal.SIGTERM)
os.wait4(pid, 0)
os.unlink(path)
os.rmdir(tmpdir)
if bad is not None:
    print(f"responder-rss: {bad}", file=sys.stderr)
    sys.exit(1)
print(f"requests {n} in {t1 - t0:.1f}s")
for k in ("VmRSS", "VmHWM", "RssAnon", "RssFile"):
    print(k, st.get(k, st2.get(k)))
print("Private_Dirty", sm["Private_Dirty"])
