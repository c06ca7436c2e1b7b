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
copies /proc/PID/smaps there (which mappings hold the pages). The FastCGI
side is bench/fcgi_responder.py."""
import os, sys, time
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from fcgi_responder import Responder, get_request, stdout_of

args = sys.argv[1:]
sep = args.index("--")
n = int(args[0]); app = args[1]; uris = args[2:sep]; cmd = args[sep + 1:]
responder = Responder(cmd, app, "kit-rss.")
pid = responder.pid
reqs = [get_request(u, [("User-Agent", "responder-rss"), ("Cookie", "name=bench")]) for u in uris]

def status_line(data):
    return stdout_of(data).split(b"\r\n", 1)[0].decode(errors="replace")

t0 = time.time()
bad = None
for i in range(n):
    data = responder.exchange(reqs[i % len(reqs)])
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
responder.stop()
if bad is not None:
    print(f"responder-rss: {bad}", file=sys.stderr)
    sys.exit(1)
print(f"requests {n} in {t1 - t0:.1f}s")
for k in ("VmRSS", "VmHWM", "RssAnon", "RssFile"):
    print(k, st.get(k, st2.get(k)))
print("Private_Dirty", sm["Private_Dirty"])
