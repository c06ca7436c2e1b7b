#!/bin/bash
# backend-front.sh — the backend in front (docs/backend-in-front.md): the
# Python reference backend (tests/backend/reference.py on
# examples/backend/rsc_host.py) listens for visitors and proxies the pages to
# kit behind lighttpd (RSC_RENDERER_URL), whose renders call rpc() back into
# the same backend (RSC_BACKEND). The backend has 2 workers, so at most one
# proxied render runs at a time.
#
# - a page whose render calls back into the backend works through the front
#   (2 workers: the proxied request holds one, the host call gets the other);
# - a page's fast and slow reads still stream separately through the proxy
#   (the fast boundary arrives in an earlier chunk than the slow one);
# - a URL the app does not own gets the renderer's 404 (X-Rsc-Proxied-By-
#   Backend: 1 stops the renderer forwarding it back), never a loop;
# - the backend's own URLs (/login) are answered by it, not proxied; a
#   request the renderer forwarded (X-Rsc-Renderer-Fallback) is a 404;
# - the cap: while one render holds the only proxy slot, another page waits
#   RSC_PROXY_WAIT_MS and gets 503 + Retry-After, while a host call is still
#   answered (a worker is always left); afterwards pages render again;
# - fewer than 2 workers with RSC_RENDERER_URL set is refused at startup; an
#   unreachable renderer is a 502 that does not show its address.
suite=backend-front app_src=tests/backend/app
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/backend-suite.sh"

secret=test-secret-$$
backend_port=$(kit_free_port) || { fail setup "no free port"; exit 1; }
front=http://127.0.0.1:$backend_port
# the renderer calls the backend; the backend proxies pages to the renderer
export RSC_BACKEND=$front RSC_HOST_CALL_SECRET=$secret
if ! kit_serve_start lighttpd "$app" "$work/serve" --procs 2; then
	fail "setup: kit-serve" "$KIT_SERVE_ERROR"
	exit 1
fi

# refused at startup: one worker in front would deadlock
if out=$(RSC_RENDERER_URL=$KIT_SERVE_BASE RSC_BACKEND_WORKERS=1 PORT=0 timeout 10 "$python" "$top_src/examples/backend/app.py" 2>&1); then
	fail "one worker in front is refused at startup" "it started: $out"
elif grep -q 'deadlock' <<<"$out"; then
	pass "one worker in front is refused at startup ($(head -c 120 <<<"$out"))"
else
	fail "one worker in front is refused at startup" "$out"
fi

RSC_RENDERER_URL=$KIT_SERVE_BASE RSC_BACKEND_WORKERS=2 RSC_PROXY_WAIT_MS=300 PORT=$backend_port \
	"$python" "$top_src/tests/backend/reference.py" >"$work/backend.out" 2>&1 &
backend_pid=$!
for _ in $(seq 1 100); do
	grep -q '^PORT ' "$work/backend.out" && break
	sleep 0.1
done
grep -q '^PORT ' "$work/backend.out" || { fail setup "the backend did not start: $(head -c 300 "$work/backend.out")"; exit 1; }

# get NAME URL [HEADER: value]: leaves $work/NAME.json {status, headers, body, chunks:[...]}
get() {
	"$node" -e '
		const http = require("http"), [url, out, extra] = process.argv.slice(1);
		const headers = extra ? { [extra.split(": ")[0]]: extra.split(": ")[1] } : {};
		http.get(url, { headers }, (res) => {
			const chunks = []; res.setEncoding("utf8");
			res.on("data", (d) => chunks.push(d));
			res.on("end", () => require("fs").writeFileSync(out, JSON.stringify(
				{ status: res.statusCode, headers: res.headers, body: chunks.join(""), chunks })));
		}).on("error", (e) => require("fs").writeFileSync(out, JSON.stringify({ status: 0, error: String(e), headers: {}, body: "", chunks: [] })));
	' "$1" "$work/$2.json" "${3:-}"
}
check() { # check NAME WHAT JS-EXPR-over-r
	local why
	if why=$("$node" -e '
		const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
		if (!(eval(process.argv[2]))) { console.log(r.status, JSON.stringify(r.headers).slice(0, 300), r.body.slice(0, 300), r.error || ""); process.exit(1); }
	' "$work/$1.json" "$3" 2>&1); then pass "$1: $2"; else fail "$1: $2" "($3) is false: $why"; fi
}
calls() { "$node" -e 'fetch(process.argv[1]).then((r) => r.text()).then((t) => console.log(t))' "$front/__test/calls"; }

get "$front/single" single
check single "a page whose render calls rpc() back into the same backend renders through the front" \
	'r.status === 200 && r.body.includes("<p id=\"greet\">Hello, kit!</p>") && r.headers["x-rsc-version"]'

get "$front/stream" stream
check stream "fast and slow reads stream separately through the proxy (the fast one in an earlier chunk)" '
	const f = r.chunks.findIndex((c, i) => r.chunks.slice(0, i + 1).join("").includes("<p id=\"fast\">"));
	const s = r.chunks.findIndex((c, i) => r.chunks.slice(0, i + 1).join("").includes("<p id=\"slow\">"));
	r.status === 200 && f >= 0 && s > f'

"$node" -e 'fetch(process.argv[1]).then((r) => r.text())' "$front/__test/reset"
get "$front/not/a/route?x=1" unowned
check unowned "a URL the app does not own gets the renderer's 404 through the front" \
	'r.status === 404 && !r.headers["x-backend"] && r.headers["x-rsc-version"] && r.body.includes("could not be found")'
if calls | grep -q '"forwarded"'; then
	fail "unowned: the renderer never forwards a proxied request back" "$(calls | head -c 300)"
else
	pass "unowned: the renderer never forwards a proxied request back (the backend saw no forwarded request)"
fi

get "$front/login?next=/single" login
check login "the backend's own URL is answered by the backend, not proxied" \
	'r.status === 200 && r.headers["x-backend"] === "example" && r.body.includes("name=\"next\" value=\"/single\"")'
get "$front/single" forwarded "X-Rsc-Renderer-Fallback: 1"
check forwarded "a request the renderer forwarded is a 404 at the backend (never proxied back)" \
	'r.status === 404 && !r.body.includes("Hello, kit!")'

# the cap: workers - 1 = 1 proxied render at a time. One node process drives
# it so that the second page is sent while /sleepy (3 s) holds the slot; if
# this machine is too slow even for that, the run says so instead of guessing.
# (Without the cap that page would take the last worker and its host call
# would wait for /sleepy to end: a 200 after 3 s, a FAIL here.)
"$node" -e '
	const [front, secret, out] = process.argv.slice(1), r = { events: [] };
	const text = async (res) => ({ status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() });
	let sleepyDone = false;
	const sleepy = fetch(front + "/sleepy").then(text).then((x) => { sleepyDone = true; r.sleepy = x; });
	(async () => {
		for (let i = 0; i < 200; i++) {
			r.busy = await (await fetch(front + "/__test/proxying")).text();
			if (r.busy === "1") break;
			await new Promise((ok) => setTimeout(ok, 20));
		}
		if (r.busy === "1") {
			r.heldThroughout = !sleepyDone; // sent while /sleepy holds the slot
			r.capped = await text(await fetch(front + "/single"));
			r.hostcall = await text(await fetch(front + "/__rsc/host-call", { method: "POST",
				headers: { "content-type": "application/json", "x-rsc-host-secret": secret },
				body: JSON.stringify({ function: "Hello.greet", args: ["cap"] }) }));
		}
		await sleepy;
		require("fs").writeFileSync(out, JSON.stringify(r));
	})();
' "$front" "$secret" "$work/cap.json"
cap() { "$node" -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(eval(process.argv[2]))' "$work/cap.json" "$1"; }
if [ "$(cap 'r.busy')" != 1 ]; then
	fail "capped: the slow render holds the proxy slot" "/__test/proxying says $(cap 'r.busy')"
elif [ "$(cap 'r.heldThroughout')" != true ]; then
	echo "SKIP: backend-front: capped: /sleepy ended before the second page was sent (machine too busy)"
else
	if [ "$(cap 'r.capped.status === 503 && r.capped.headers["retry-after"] === "1"')" = true ]; then
		pass "capped: a second proxied render while the only slot is taken: 503 with Retry-After"
	else
		fail "capped: a second proxied render while the only slot is taken: 503 with Retry-After" "$(cap 'JSON.stringify(r.capped).slice(0, 300)')"
	fi
	if [ "$(cap 'r.hostcall.status === 200 && r.hostcall.body === "{\"result\":\"Hello, cap!\"}"')" = true ]; then
		pass "capped: a host call is still answered while the proxy slot is taken"
	else
		fail "capped: a host call is still answered while the proxy slot is taken" "$(cap 'JSON.stringify(r.hostcall)')"
	fi
fi
if [ "$(cap 'r.sleepy.status === 200 && r.sleepy.body.includes("<p id=\"sleepy\">slept</p>")')" = true ]; then
	pass "sleepy: the render that held the slot completes"
else
	fail "sleepy: the render that held the slot completes" "$(cap 'JSON.stringify(r.sleepy).slice(0, 300)')"
fi
get "$front/single" after
check after "once the slot is free, pages render through the front again" 'r.status === 200 && r.body.includes("Hello, kit!")'

# a renderer that does not answer: a generic 502
RSC_RENDERER_URL=http://127.0.0.1:1 RSC_HOST_CALL_SECRET=$secret PORT=0 "$python" "$top_src/examples/backend/app.py" >"$work/down.out" 2>&1 &
down_pid=$!
for _ in $(seq 1 100); do
	grep -q '^PORT ' "$work/down.out" && break
	sleep 0.1
done
get "http://127.0.0.1:$(sed -n 's/^PORT //p' "$work/down.out")/some/page" down
kill "$down_pid" 2>/dev/null
wait "$down_pid" 2>/dev/null
check down "an unreachable renderer: 502 without its address" \
	'r.status === 502 && r.body === "rsc renderer unreachable\n" && !JSON.stringify(r).includes("127.0.0.1:1")'
exit "$failed"
