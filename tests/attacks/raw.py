"""raw.py PORT CASE — one smuggling attempt, as raw bytes, against a web server
in front of tests/attacks/app (tests/suites/attacks.sh).

Prints "ok <what happened>" when the server refused the request or read it
one way only, else "bad <why>" and the answer. Every case hides a second
request after what one reading of the framing calls the body: it must never
be answered (its path holds "smuggled", which /api/echo would echo back).
"""
import json
import socket
import sys

HIDDEN = b"GET /api/echo?smuggled HTTP/1.1\r\nHost: x\r\n\r\n"
HEAD = b"POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
CASES = {
    # two Content-Lengths that disagree: 400 (RFC 9112 6.3)
    "two-cl": (HEAD + b"Content-Length: 5\r\nContent-Length: 51\r\n\r\nhello" + HIDDEN, {400}),
    # Content-Length and chunked: the chunked body is empty, the rest is a
    # request for one reading and body for the other
    "cl-te": (HEAD + b"Content-Length: 51\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + HIDDEN, {400, 200}),
    # a coding the server does not know: it cannot find the body's end
    "te-unknown": (HEAD + b"Content-Length: 5\r\nTransfer-Encoding: xchunked\r\n\r\nhello" + HIDDEN, {400, 501}),
    # a bare CR inside a header line
    "bare-cr": (b"GET /api/echo HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n" + HIDDEN, {400}),
    # chunked with a shorter Content-Length: one reading takes "5\r\n" as the body
    "te-cl-chunked": (HEAD + b"Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n5\r\nhello\r\n0\r\n\r\n" + HIDDEN,
                      {400, 200}),
}


def exchange(port, data):
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(data)
    s.settimeout(2.0)
    out = b""
    try:
        while True:
            b = s.recv(65536)
            if not b:
                break
            out += b
    except socket.timeout:
        pass
    s.close()
    return out


def main():
    port, case = int(sys.argv[1]), sys.argv[2]
    data, allowed = CASES[case]
    out = exchange(port, data)
    statuses = [int(line.split()[1]) for line in out.split(b"\r\n") if line.startswith(b"HTTP/1.")]
    why = None
    if not statuses:
        why = "no answer"
    elif b"smuggled" in out:
        why = "the hidden request was answered"
    elif len(statuses) != 1:
        why = "%d answers on one connection" % len(statuses)
    elif statuses[0] not in allowed:
        why = "status %d" % statuses[0]
    elif statuses[0] == 200:
        # read one way: the chunked body, and the connection closed after it
        head, _, body = out.partition(b"\r\n\r\n")
        if b"\r\ntransfer-encoding: chunked" in head.lower():
            body = body.split(b"\r\n")[1]
        got = json.loads(body)
        want = "hello" if case == "te-cl-chunked" else ""
        if got.get("body") != want:
            why = "the app got the body %r, not the chunked body %r" % (got.get("body"), want)
        elif b"\r\nconnection: close" not in head.lower():
            why = "the connection stays open after a request framed two ways"
    if why:
        print("bad", why)
        print(out[:600].decode("latin-1"))
        return 1
    print("ok", "status %d%s" % (statuses[0], ", the chunked body, connection closed" if statuses[0] == 200 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
