#!/bin/bash
# bench/peers.sh — `make bench-peers`: kit against Next.js and Waku, side by side.
#
# The same three routes are written for each (bench/peers/kit, next, waku;
# the markup of examples/hello's /bench/list: a layout + 200 list items):
#   list     /bench/list     prerendered at build time
#   dynamic  /bench/dynamic  reads a request header and a cookie inside a
#                            Suspense boundary: rendered per request
#   api      /api/bench      an API route reading its Request, answering
#                            Response.json({...}) per request
# Next.js and Waku come from npm, pinned (bench/peers/next/package.json and
# bench/peers/waku/package.json), into a scratch directory reused once
# installed. Each app is built in production mode (kit-build, next build, waku build) and
# served as users deploy it (kit-serve behind lighttpd with contrib/'s
# config and its default procs; next start; waku start) on 127.0.0.1, one
# server at a time. Per route: a warm-up, then one wrk run with --latency,
# and from that run req/s, p50, p99, the RSS of the server's whole process
# tree after it (sum of VmRSS), and the server's CPU per request (utime +
# stime of the tree from /proc, after minus before, over the requests).
# A reference row: kit's stored /bench/list document served by a plain
# lighttpd from disk (issue 19 item 2 compares kit's answer with it).
# Then kit's ratios to each peer, and the client JavaScript (gzip -9 per
# file) a browser loads for a page with one client component
# (bench/peers-client-js.mjs; needs /usr/bin/chromium).
#
# Knobs (environment): BENCH_DURATION (10s), BENCH_WARMUP (3s), BENCH_THREADS
# (2), BENCH_CONNECTIONS (32), BENCH_TIMEOUT (wrk's --timeout, 10s: a slower
# answer is an error and leaves the latencies), BENCH_PROCS (kit-serve
# --procs; empty: its default), BENCH_PEERS (the servers, "kit next waku"), BENCH_PEERS_DIR (the
# scratch directory, default bench/peers-work in the build tree),
# BENCH_PEERS_OUT (the results as tab-separated values, default
# bench/peers-last.tsv in the build tree), BENCH_CLIENT_JS (0 skips the
# browser). Exit status 1 when a measurement could not be made.
set -u
: "${KIT_TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${KIT_TOP_BUILDDIR:=$KIT_TOP_SRCDIR}"
export KIT_TOP_SRCDIR KIT_TOP_BUILDDIR
export KIT_DATADIR=$KIT_TOP_SRCDIR
. "$KIT_TOP_SRCDIR/tests/lib/serve.sh"

src=$KIT_TOP_SRCDIR/bench/peers
pinned() { # pinned APP PACKAGE: the version bench/peers/<APP>/package.json pins
	sed -n "s/^ *\"$2\": \"\\(.*\\)\",\\{0,1\\}\$/\\1/p" "$src/$1/package.json"
}
NEXT_VERSION=$(pinned next next)
WAKU_VERSION=$(pinned waku waku)
PLAYWRIGHT_VERSION=1.65.1 # the one tests/client uses

duration=${BENCH_DURATION:-10s} warmup=${BENCH_WARMUP:-3s}
threads=${BENCH_THREADS:-2} connections=${BENCH_CONNECTIONS:-32} timeout=${BENCH_TIMEOUT:-10s}
procs=${BENCH_PROCS:-} servers=${BENCH_PEERS:-kit next waku}
work=${BENCH_PEERS_DIR:-$KIT_TOP_BUILDDIR/bench/peers-work}
out=${BENCH_PEERS_OUT:-$KIT_TOP_BUILDDIR/bench/peers-last.tsv}
wrk=${WRK:-$(command -v wrk)}
node=${NODE:-node}
npm=${NPM:-npm}
routes="list dynamic api"
errors=0
export NEXT_TELEMETRY_DISABLED=1

note() { echo "bench-peers: $*" >&2; }
problem() {
	note "$*"
	errors=1
}

[ -n "$wrk" ] && [ -x "$wrk" ] || {
	note "wrk not found (apt-get install wrk)"
	exit 1
}
command -v curl >/dev/null || {
	note "curl not found (apt-get install curl)"
	exit 1
}
for f in kit-serve kit-build kit-fcgi; do
	[ -x "$KIT_TOP_BUILDDIR/$f" ] || {
		note "$KIT_TOP_BUILDDIR/$f is not built (run make)"
		exit 1
	}
done
mkdir -p "$work" || exit 1
work=$(cd "$work" && pwd -P)
chmod 0755 "$work"
run=$work/logs  # this run's logs: wrk's output, the builds', the servers'
rm -rf "$run" && mkdir -p "$run" && chmod 0755 "$run" || exit 1
peer_pid=
stop_peer() {
	[ -n "$peer_pid" ] || return 0
	local i
	kill -TERM "$peer_pid" 2>/dev/null
	for i in $(seq 1 100); do
		kill -0 "$peer_pid" 2>/dev/null || break
		sleep 0.1
	done
	kill -KILL "$peer_pid" 2>/dev/null
	wait "$peer_pid" 2>/dev/null
	peer_pid=
}
trap 'stop_peer; kit_serve_stop' EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

route_path() {
	case $1 in
	list) echo /bench/list ;;
	dynamic) echo /bench/dynamic ;;
	api) echo /api/bench ;;
	esac
}
route_label() {
	case $1 in
	list) echo "prerendered page (layout + 200 items)" ;;
	dynamic) echo "dynamic page (header, cookie, Suspense)" ;;
	api) echo "API route per request (Response.json)" ;;
	esac
}

# --- installing and building

# install NAME: npm packages of bench/peers/<NAME>/package.json into $work/NAME,
# unless the pinned versions are there already.
install() {
	local dir=$work/$1 want
	mkdir -p "$dir"
	want=$(cat "$src/$1/package.json")
	if [ -f "$dir/package.json" ] && [ "$(cat "$dir/package.json")" = "$want" ] &&
		[ -f "$dir/node_modules/.package-lock.json" ]; then
		return 0
	fi
	note "installing $1 into $dir (npm install)"
	cp "$src/$1/package.json" "$dir/package.json"
	rm -f "$dir/node_modules/.package-lock.json"
	(cd "$dir" && "$npm" install --no-audit --no-fund --loglevel=error) >"$run/npm-$1.log" 2>&1 || {
		problem "npm install in $dir failed: $(tail -n 5 "$run/npm-$1.log" | tr '\n' ' ')"
		return 1
	}
}

# sources NAME: the app's files from bench/peers/NAME, replacing the last copy.
sources() {
	local dir=$work/$1 f
	mkdir -p "$dir"
	for f in "$src/$1"/* "$src/$1"/.[!.]*; do
		[ -e "$f" ] || continue
		case ${f##*/} in package.json | node_modules) continue ;; esac
		rm -rf "${dir:?}/${f##*/}"
		cp -r "$f" "$dir/"
	done
}

# build NAME: its production build; 1 (with the log's tail) when it failed.
build() {
	local dir=$work/$1 log=$run/build-$1.log
	case $1 in
	kit) (cd "$dir" && rm -rf .kit .kit-store && "$KIT_TOP_BUILDDIR/kit-build") >"$log" 2>&1 ;;
	next) (cd "$dir" && rm -rf .next && "$node" node_modules/next/dist/bin/next build) >"$log" 2>&1 ;;
	waku) (cd "$dir" && rm -rf dist && "$node" node_modules/waku/cli.js build) >"$log" 2>&1 ;;
	esac || {
		problem "building the $1 app failed: $(tail -n 8 "$log" | tr '\n' ' ')"
		return 1
	}
}

# --- serving

base='' root_pid=''
# start NAME: serves the built app on a free loopback port; sets base and
# root_pid (the process whose tree is the server: lighttpd for kit).
start() {
	local name=$1 dir=$work/$1 port i entry
	base='' root_pid=
	case $1 in
	kit)
		KIT_FCGI=$KIT_TOP_BUILDDIR/kit-fcgi kit_serve_start lighttpd "$dir" "$run/serve-kit" ${procs:+--procs "$procs"} || {
			problem "kit-serve: $KIT_SERVE_ERROR"
			return 1
		}
		base=$KIT_SERVE_BASE
		for entry in $(_kit_tree "$KIT_SERVE_PID"); do
			case $(readlink "/proc/${entry%%:*}/exe" 2>/dev/null) in
			*/lighttpd) root_pid=${entry%%:*} && break ;;
			esac
		done
		[ -n "$root_pid" ] || {
			problem "no lighttpd below kit-serve"
			return 1
		}
		return 0
		;;
	next) set -- "$node" node_modules/next/dist/bin/next start -H 127.0.0.1 -p ;;
	waku) set -- "$node" node_modules/waku/cli.js start --host 127.0.0.1 --port ;;
	esac
	port=$(kit_free_port) || {
		problem "no free port"
		return 1
	}
	(cd "$dir" && NODE_ENV=production exec "$@" "$port") >"$run/serve-$name.log" 2>&1 </dev/null &
	peer_pid=$!
	for ((i = 0; i < 300; i++)); do
		kill -0 "$peer_pid" 2>/dev/null || break
		if _kit_port_open "$port"; then
			base=http://127.0.0.1:$port root_pid=$peer_pid
			return 0
		fi
		sleep 0.1
	done
	problem "$name did not answer on port $port: $(tail -n 5 "$run/serve-$name.log" | tr '\n' ' ')"
	stop_peer
	return 1
}

# static_start: plain lighttpd serving kit's stored /bench/list document as a
# file from disk (what issue 19's stored pages aim at: the web server answers
# them without a responder); sets base and root_pid like start.
static_start() {
	local file port i
	file=$(ls "$work"/kit/.kit-store/stored/*/bench/list.html 2>/dev/null | head -n 1)
	[ -n "$file" ] || {
		problem "kit-build stored no document for /bench/list"
		return 1
	}
	port=$(kit_free_port) || return 1
	mkdir -p "$run/static"
	cp "$file" "$run/static/list.html"
	cat >"$run/static.conf" <<-CONF
		server.modules = ( "mod_staticfile" )
		server.bind = "127.0.0.1"
		server.port = $port
		server.document-root = "$run/static"
		server.errorlog = "$run/static-error.log"
		server.max-connections = 1024
		index-file.names = ( "list.html" )
		mimetype.assign = ( ".html" => "text/html; charset=utf-8" )
	CONF
	"${LIGHTTPD:-lighttpd}" -D -f "$run/static.conf" >"$run/serve-static.log" 2>&1 </dev/null &
	peer_pid=$!
	for ((i = 0; i < 100; i++)); do
		if _kit_port_open "$port"; then
			base=http://127.0.0.1:$port root_pid=$peer_pid
			return 0
		fi
		sleep 0.1
	done
	problem "lighttpd with $run/static.conf did not start: $(tail -n 3 "$run/serve-static.log" "$run/static-error.log" 2>/dev/null | tr '\n' ' ')"
	stop_peer
	return 1
}

stop() {
	if [ "$1" = kit ]; then
		kit_serve_stop || problem "kit-serve: $KIT_SERVE_ERROR"
	else
		stop_peer
	fi
}

# tree PID: PID and every process below it.
tree() {
	echo "$1"
	_kit_tree "$1" | cut -d: -f1
}

# cpu_ticks PID: utime + stime of the tree, with its reaped children's.
cpu_ticks() {
	local pid line fields total=0
	for pid in $(tree "$1"); do
		read -r line 2>/dev/null <"/proc/$pid/stat" || continue
		read -ra fields <<<"${line##*) }"
		# fields from the state (3rd of stat): utime 14, stime 15, cutime 16, cstime 17
		total=$((total + fields[11] + fields[12] + fields[13] + fields[14]))
	done
	echo "$total"
}

# rss_kb PID: the sum of VmRSS over the tree.
rss_kb() {
	local pid total=0 kb
	for pid in $(tree "$1"); do
		kb=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
		total=$((total + ${kb:-0}))
	done
	echo "$total"
}

# check NAME ROUTE: the route answers 200 with what it should hold; records
# the answer's size in r_size.
declare -A r_size
check() {
	local body want
	curl -s -f -H 'Cookie: name=bench' -A kit-bench -o "$run/answer" "$base$(route_path "$2")" || {
		problem "$1 $(route_path "$2"): no 200 answer"
		return 1
	}
	r_size[$1.$2]=$(wc -c <"$run/answer")
	body=$(cat "$run/answer")
	case $2 in
	list) want='<strong>Item 200</strong>' ;;
	dynamic) want='bench<!-- --> with <!-- -->kit-bench' ;;
	api) want='"agent":"kit-bench"' ;;
	esac
	case $body in *"$want"*) return 0 ;; esac
	problem "$1 $(route_path "$2"): the answer lacks $want"
	return 1
}

ms() { # ms WRK_TIME: milliseconds
	awk -v v="$1" 'BEGIN {
		if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 }
		else if (v ~ /ms$/) { sub(/ms$/, "", v) }
		else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }
		printf "%.2f", v }'
}

# measure NAME ROUTE: warm-up, then one wrk run; records the row in r_*.
hz=$(getconf CLK_TCK)
declare -A r_rps r_p50 r_p99 r_rss r_procs r_cpu r_req r_bad r_load
measure() {
	local url key=$1.$2 before after out
	url=$base$(route_path "$2")
	[ "$1" = file ] && url=$base/list.html
	r_load[$key]=$(cut -d' ' -f1 /proc/loadavg)
	"$wrk" -t"$threads" -c"$connections" -d"$warmup" --timeout "$timeout" -H 'Cookie: name=bench' "$url" >/dev/null 2>&1
	before=$(cpu_ticks "$root_pid")
	out=$("$wrk" -t"$threads" -c"$connections" -d"$duration" --timeout "$timeout" --latency -H 'Cookie: name=bench' "$url" 2>&1)
	after=$(cpu_ticks "$root_pid")
	printf '== %s %s\n%s\n' "$1" "$url" "$out" >>"$run/wrk.log"
	r_rps[$key]=$(echo "$out" | awk '/^Requests\/sec:/ { printf "%.0f", $2 }')
	r_p50[$key]=$(ms "$(echo "$out" | awk '$1 == "50%" { print $2 }')")
	r_p99[$key]=$(ms "$(echo "$out" | awk '$1 == "99%" { print $2 }')")
	r_req[$key]=$(echo "$out" | awk '/requests in/ { print $1 }')
	r_bad[$key]=$(echo "$out" | awk '/Non-2xx or 3xx responses:/ { n += $NF } /Socket errors:/ { gsub(/,/, ""); n += $4 + $6 + $8 + $10 } END { print n + 0 }')
	r_rss[$key]=$(rss_kb "$root_pid")
	r_procs[$key]=$(tree "$root_pid" | wc -l)
	if [ -z "${r_rps[$key]}" ] || [ "${r_req[$key]:-0}" -eq 0 ]; then
		problem "wrk failed on $1 $url: $(echo "$out" | tail -n 3 | tr '\n' ' ')"
		r_rps[$key]=0 r_cpu[$key]=-
		return
	fi
	r_cpu[$key]=$(awk -v t=$((after - before)) -v hz="$hz" -v n="${r_req[$key]}" 'BEGIN { printf "%.4f", 1000 * t / hz / n }')
}

# responders: VmRSS of each kit-fcgi below kit-serve after every route's runs.
resp_count=0 resp_avg=- resp_max=-
responders() {
	local pid kb list=()
	for pid in $(kit_serve_responders); do
		kb=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
		[ -n "$kb" ] && list+=("$kb")
	done
	resp_count=${#list[@]}
	[ "$resp_count" -gt 0 ] || return 0
	resp_avg=$(printf '%s\n' "${list[@]}" | awk '{ t += $1 } END { printf "%.1f", t / NR / 1024 }')
	resp_max=$(printf '%s\n' "${list[@]}" | sort -n | tail -n 1 | awk '{ printf "%.1f", $1 / 1024 }')
}

# client_js NAME: the browser's JavaScript for /bench/client.
declare -A c_gzip c_raw c_files
client_js() {
	local json
	json=$("$node" "$KIT_TOP_SRCDIR/bench/peers-client-js.mjs" "$base/bench/client" \
		"$work/browser/node_modules/playwright-core" 2>"$run/client-$1.log") || {
		problem "the browser could not load $1's /bench/client: $(tail -n 3 "$run/client-$1.log" | tr '\n' ' ')"
		return
	}
	echo "== $1 $json" >>"$run/client.log"
	case $json in *'"hydrated":true'*) ;; *) problem "$1's /bench/client did not hydrate: $json" ;; esac
	c_files[$1]=$(echo "$json" | sed -n 's/.*"files":\([0-9]*\).*/\1/p')
	c_raw[$1]=$(echo "$json" | sed -n 's/.*"raw":\([0-9]*\).*/\1/p')
	c_gzip[$1]=$(echo "$json" | sed -n 's/.*"gzip":\([0-9]*\).*/\1/p')
}

# --- the run
client=${BENCH_CLIENT_JS:-1}
if [ "$client" != 0 ] && [ ! -x /usr/bin/chromium ]; then
	note "no /usr/bin/chromium: the client JS is not measured"
	client=0
fi
if [ "$client" != 0 ]; then
	mkdir -p "$work/browser"
	if [ "$(cat "$work/browser/node_modules/playwright-core/package.json" 2>/dev/null | sed -n 's/^  "version": "\(.*\)",$/\1/p')" != "$PLAYWRIGHT_VERSION" ]; then
		note "installing playwright-core $PLAYWRIGHT_VERSION into $work/browser"
		(cd "$work/browser" && "$npm" install --no-audit --no-fund --no-save --loglevel=error "playwright-core@$PLAYWRIGHT_VERSION") >"$run/npm-browser.log" 2>&1 || {
			problem "npm install playwright-core failed: $(tail -n 3 "$run/npm-browser.log" | tr '\n' ' ')"
			client=0
		}
	fi
fi

load_start=$(cut -d' ' -f1-3 /proc/loadavg)
measured=
for s in $servers; do
	case $s in kit | next | waku) ;; *) problem "unknown server $s (kit, next, waku)"; continue ;; esac
	[ "$s" = kit ] || install "$s" || continue
	sources "$s"
	build "$s" || continue
	start "$s" || continue
	ok=1
	for r in $routes; do check "$s" "$r" || ok=; done
	if [ -n "$ok" ]; then
		[ "$client" = 0 ] || client_js "$s"
		for r in $routes; do measure "$s" "$r"; done
		measured="$measured $s"
		[ "$s" = kit ] && responders
	fi
	stop "$s"
	# the same stored document served by lighttpd from disk, no responder
	if [ -n "$ok" ] && [ "$s" = kit ] && static_start; then
		if curl -s -f "$base/list.html" | grep -q '<strong>Item 200</strong>'; then
			r_size[file.list]=${r_size[kit.list]}
			measure file list
			measured="$measured file"
		else
			problem "lighttpd did not serve the stored list.html"
		fi
		stop_peer
	fi
done
load_end=$(cut -d' ' -f1-3 /proc/loadavg)

# --- the table
version() {
	case $1 in
	kit) echo "kit $(git -C "$KIT_TOP_SRCDIR" rev-parse --short HEAD 2>/dev/null)" ;;
	next) echo "Next.js $NEXT_VERSION" ;;
	waku) echo "Waku $WAKU_VERSION" ;;
	file) echo "lighttpd file" ;;
	esac
}
echo
echo "kit bench-peers: wrk -t$threads -c$connections -d$duration --timeout $timeout --latency (after a $warmup warm-up) on 127.0.0.1, one server at a time"
echo "kit: kit-serve + lighttpd $("${LIGHTTPD:-lighttpd}" -v 2>/dev/null | sed -n 's/^lighttpd\/\([^ ]*\).*/\1/p') (contrib/lighttpd, max-procs ${procs:-kit-serve default}); Next.js $NEXT_VERSION: next start; Waku $WAKU_VERSION: waku start; node $("$node" --version)"
echo "$(nproc) CPUs ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)), shared by wrk and the server; load $load_start at the start, $load_end at the end (column load: the 1-minute load before each row's warm-up); $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
printf '%-40s %-14s %6s %8s %8s %8s %9s %5s %12s %7s %6s\n' "route" "server" "KiB" "req/s" "p50 ms" "p99 ms" "RSS MiB" "procs" "CPU ms/req" "errors" "load"
{
	echo "# kit bench-peers $(date -u '+%Y-%m-%dT%H:%MZ'), $(nproc) CPUs, load $load_start / $load_end, wrk -t$threads -c$connections -d$duration"
	printf 'route\tserver\tanswer_bytes\treq_per_s\tp50_ms\tp99_ms\trss_kib\tprocesses\tcpu_ms_per_req\trequests\terrors\tload_1min\n'
} >"$out"
for r in $routes; do
	for s in $measured; do
		k=$s.$r
		[ -n "${r_rps[$k]:-}" ] || continue
		printf '%-40s %-14s %6s %8s %8s %8s %9s %5s %12s %7s %6s\n' "$(route_label "$r")" "$(version "$s")" \
			"$(awk -v b="${r_size[$k]}" 'BEGIN { printf "%.1f", b / 1024 }')" "${r_rps[$k]}" "${r_p50[$k]}" "${r_p99[$k]}" \
			"$(awk -v k="${r_rss[$k]}" 'BEGIN { printf "%.1f", k / 1024 }')" "${r_procs[$k]}" "${r_cpu[$k]}" "${r_bad[$k]}" "${r_load[$k]}"
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$s" "${r_size[$k]}" "${r_rps[$k]}" "${r_p50[$k]}" "${r_p99[$k]}" "${r_rss[$k]}" "${r_procs[$k]}" "${r_cpu[$k]}" "${r_req[$k]}" "${r_bad[$k]}" "${r_load[$k]}" >>"$out"
	done
done
if [ "$resp_count" -gt 0 ]; then
	echo
	echo "kit: $resp_count kit-fcgi responders after the three runs: VmRSS $resp_avg MiB each on average, $resp_max MiB the largest (target <= 16 MiB)"
	printf 'responders\tkit\t%s\t%s\t%s\n' "$resp_count" "$resp_avg" "$resp_max" >>"$out"
fi
# ratio A B: A / B with two decimals, "-" when either is missing
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else print "-" }'; }
case " $measured " in *" kit "*)
	for s in $measured; do
		case $s in kit | file) continue ;; esac
		echo
		echo "kit's ratio to $(version "$s") (> 1: kit ahead): CPU/req = ${s}'s CPU per request / kit's; req/s = kit's / ${s}'s; p99 = ${s}'s / kit's"
		for r in $routes; do
			printf '  %-40s CPU/req %6s×   req/s %6s×   p99 %6s×\n' "$(route_label "$r")" \
				"$(ratio "${r_cpu[$s.$r]}" "${r_cpu[kit.$r]}")" "$(ratio "${r_rps[kit.$r]}" "${r_rps[$s.$r]}")" \
				"$(ratio "${r_p99[$s.$r]}" "${r_p99[kit.$r]}")"
		done
	done
	;;
esac
if [ -n "${r_rps[file.list]:-}" ] && [ -n "${r_rps[kit.list]:-}" ]; then
	echo
	echo "the stored page (issue 19 item 2): kit answers it at $(awk -v a="${r_rps[kit.list]}" -v b="${r_rps[file.list]}" 'BEGIN { printf "%.0f", 100 * a / b }')% of the req/s of a plain lighttpd serving the same file, at $(ratio "${r_cpu[kit.list]}" "${r_cpu[file.list]}")× its CPU/req (target >= 80 %)"
	[ -n "${r_cpu[next.list]:-}" ] && echo "  lighttpd serving the file spends $(ratio "${r_cpu[next.list]}" "${r_cpu[file.list]}")× less CPU per request than Next.js's prerendered page (target >= 20×)"
fi
if [ "$client" != 0 ]; then
	echo
	echo "client JavaScript of a page with one client component (/bench/client), every script file the browser loaded, gzip -9 each:"
	for s in $measured; do
		[ -n "${c_gzip[$s]:-}" ] || continue
		printf '  %-14s %3s files %9s bytes raw %9s bytes gzip' "$(version "$s")" "${c_files[$s]}" "${c_raw[$s]}" "${c_gzip[$s]}"
		[ "$s" != kit ] && [ -n "${c_gzip[kit]:-}" ] && printf '   kit / %s: %s%%' "$s" "$(awk -v a="${c_gzip[kit]}" -v b="${c_gzip[$s]}" 'BEGIN { printf "%.0f", 100 * a / b }')"
		echo
		printf 'client_js\t%s\t%s\t%s\t%s\n' "$s" "${c_files[$s]}" "${c_raw[$s]}" "${c_gzip[$s]}" >>"$out"
	done
fi
echo
echo "(written to $out; wrk's output and the logs of the builds and servers are in $run)"
bad=0
for k in "${!r_bad[@]}"; do bad=$((bad + r_bad[$k])); done
[ "$bad" = 0 ] || note "some requests failed (see 'errors'): those rows are not comparable"
exit $errors
