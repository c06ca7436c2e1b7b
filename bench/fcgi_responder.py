"""fcgi_responder.py -- what bench/fcgi-client.py and bench/responder-rss.py
share: a FastCGI responder (kit-fcgi, maybe under valgrind) started as a web
server starts one, with a listening Unix socket on fd 0 and KIT_APP_DIR, and
one GET request at a time on a connection of its own (FastCGI records: begin,
the parameters, their end, an empty stdin)."""
import os, signal, socket, struct, tempfile, time


class Responder:
    """CMD started on a fresh socket in a temporary directory; the socket
    listens before the spawn, so a request waits in its backlog while the
    responder starts."""

    def __init__(self, cmd, app, prefix):
        self.tmpdir = tempfile.mkdtemp(prefix=prefix)
        self.path = os.path.join(self.tmpdir, "sock")
        ls = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        ls.bind(self.path)
        ls.listen(16)
        self.spawned = time.monotonic()
        self.pid = os.fork()
        if self.pid == 0:
            os.dup2(ls.fileno(), 0)
            os.execvpe(cmd[0], cmd, dict(os.environ, KIT_APP_DIR=app))
        ls.close()

    def exchange(self, req):
        """Sends one request's records; the responder's records until it closes."""
        for _ in range(600):
            try:
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.connect(self.path)
                break
            except OSError:
                s.close()
                time.sleep(0.1)
        s.sendall(req)
        data = b""
        while True:
            b = s.recv(65536)
            if not b:
                break
            data += b
        s.close()
        return data

    def stop(self):
        """SIGTERM, then the responder's resource usage (wait4)."""
        os.kill(self.pid, signal.SIGTERM)
        _, _, usage = os.wait4(self.pid, 0)
        os.unlink(self.path)
        os.rmdir(self.tmpdir)
        return usage


def record(kind, rid, content):
    return struct.pack(">BBHHBx", 1, kind, rid, len(content), 0) + content


def name_value(k, v):
    k = k.encode()
    v = v.encode()
    return bytes([len(k)]) + (bytes([len(v)]) if len(v) < 128 else struct.pack(">I", len(v) | 0x80000000)) + k + v


def get_request(uri, headers=()):
    """A responder request (id 1) for GET uri; headers: (name, value) pairs,
    sent as HTTP_* parameters."""
    path_info, _, query = uri.partition("?")
    params = [("REQUEST_METHOD", "GET"), ("REQUEST_URI", uri), ("SERVER_PROTOCOL", "HTTP/1.1"),
              ("SCRIPT_NAME", ""), ("PATH_INFO", path_info), ("QUERY_STRING", query),
              ("HTTP_HOST", "127.0.0.1"), ("SERVER_NAME", "127.0.0.1"), ("SERVER_PORT", "80"),
              ("REMOTE_ADDR", "127.0.0.1"), ("GATEWAY_INTERFACE", "CGI/1.1")]
    params += [("HTTP_" + name.upper().replace("-", "_"), value) for name, value in headers]
    body = b"".join(name_value(k, v) for k, v in params)
    return record(1, 1, struct.pack(">HB5x", 1, 0)) + record(4, 1, body) + record(4, 1, b"") + record(5, 1, b"")


def stdout_of(data):
    """The FCGI_STDOUT bytes of a responder's records."""
    off = 0
    out = b""
    while off + 8 <= len(data):
        _, kind, _, clen, plen = struct.unpack(">BBHHB", data[off:off + 7])
        if kind == 6:
            out += data[off + 8:off + 8 + clen]
        off += 8 + clen + plen
    return out
